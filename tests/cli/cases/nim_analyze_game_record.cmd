nim analyze-game --misere --moves $'# grundy game record\n# Heaps: 1 1 2\n# Rule: misere\nh3-2 h1-1'
