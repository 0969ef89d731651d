misere grundy --quotient --max-heap 22
