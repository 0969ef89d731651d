nim move 3 4 5 --engine expert
