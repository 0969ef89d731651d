"""A scripted opponent for `grundy uttt bot` over a pipe (tests/uttt/bot_protocol.sh).

Its own rules (standard, with CodinGame's tie-break), written again here, so the test does not
trust grundy's: the opponent plays the first valid action of every turn.

  bot_protocol.py golden "BOT COMMAND"            prints both games' transcripts
  bot_protocol.py clock "BOT COMMAND" MS FIRST_MS MARGIN_MS
                                                  checks legality, the bot's search budgets, the
                                                  exit
"""
import subprocess
import sys
import time

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def line(cells, who):
    return any(all(cells[i] == who for i in l) for l in LINES)


class Game:
    def __init__(self):
        self.grid = [["."] * 9 for _ in range(9)]  # [row][column]
        self.owner = ["."] * 9
        self.target = -1
        self.turn = "X"
        self.winner = None

    def small(self, b):
        return [self.grid[3 * (b // 3) + c // 3][3 * (b % 3) + c % 3] for c in range(9)]

    def closed(self, b):
        return self.owner[b] != "." or "." not in self.small(b)

    def valid(self):
        if self.winner:
            return []
        anywhere = self.target < 0 or self.closed(self.target)
        out = []
        for r in range(9):
            for c in range(9):
                b = 3 * (r // 3) + c // 3
                if self.grid[r][c] == "." and not self.closed(b) and (anywhere or b == self.target):
                    out.append((r, c))
        return out

    def play(self, r, c):
        b = 3 * (r // 3) + c // 3
        self.grid[r][c] = self.turn
        if self.owner[b] == "." and line(self.small(b), self.turn):
            self.owner[b] = self.turn
            if line(self.owner, self.turn):
                self.winner = self.turn
        self.target = 3 * (r % 3) + c % 3
        self.turn = "O" if self.turn == "X" else "X"
        if not self.winner and not self.valid():
            x, o = self.owner.count("X"), self.owner.count("O")
            self.winner = "X" if x > o else "O" if o > x else "draw"


def play(command, bot_is_x, transcript, check_times=None):
    bot = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, bufsize=1)
    g = Game()
    last = (-1, -1)
    turns = 0
    while not g.winner:
        moves = g.valid()
        if (g.turn == "X") == bot_is_x:
            bot.stdin.write("%d %d\n" % last + "%d\n" % len(moves) +
                            "".join("%d %d\n" % m for m in moves))
            bot.stdin.flush()
            answer = bot.stdout.readline().strip()
            try:
                r, c = (int(x) for x in answer.split()[:2])
            except ValueError:
                sys.exit("the bot answered %r" % answer)
            if (r, c) not in moves:
                sys.exit("the bot answered %r, not a valid action" % answer)
            transcript.append("%s %d %d" % (g.turn, r, c))
            turns += 1
        else:
            r, c = moves[0]
            transcript.append("%s %d %d" % (g.turn, r, c))
        g.play(r, c)
        last = (r, c)
    bot.stdin.close()
    try:
        code = bot.wait(timeout=30)
    except subprocess.TimeoutExpired:
        bot.kill()
        sys.exit("the bot did not exit at the end of its input")
    err = bot.stderr.read()
    if code != 0:
        sys.exit("the bot exited with status %d: %s" % (code, err))
    transcript.append("result %s" % g.winner)
    if check_times:
        ms, first_ms, margin = check_times
        # "search budget B ms": the time the bot gave its search, what was left of the turn less
        # its margin. (No assertion on elapsed time: a loaded machine delays any process.)
        budgets = [float(l.split("search budget ")[1].split()[0]) for l in err.splitlines()
                   if "search budget " in l]
        if len(budgets) != turns:
            sys.exit("expected %d lines of --verbose, got %d" % (turns, len(budgets)))
        for i, b in enumerate(budgets):
            allowed = first_ms if i == 0 else ms
            kept = margin * allowed / ms  # the first turn keeps back as much in proportion
            if not 0 < b <= allowed - kept:
                sys.exit("turn %d: a search budget of %.1f ms for a turn of %d ms" % (i + 1, b, allowed))
        if budgets[0] <= ms:
            sys.exit("the first turn's search budget %.1f ms does not use the longer first turn"
                     % budgets[0])


def main():
    mode, command = sys.argv[1], sys.argv[2]
    if mode == "golden":
        for bot_is_x in (False, True):
            transcript = []
            play(command, bot_is_x, transcript)
            print("bot plays %s: %s" % ("X" if bot_is_x else "O", " ".join(transcript)))
    else:
        times = (float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]))
        for bot_is_x in (True, False):
            play(command, bot_is_x, [], times)


if __name__ == "__main__":
    main()
