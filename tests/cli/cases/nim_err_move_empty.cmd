nim move 0 0 --engine beginner
