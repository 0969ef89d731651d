misere 0.77 --quotient --checkpoint README.md --resume
