nim move 3 4 5 --engine good --seed 7 --json
