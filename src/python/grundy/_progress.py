"""A text progress bar for long calls (``progress=True``)."""

import sys
import time


class TextBar:
    """Called with (done, total) about twice a second: one line on stderr, rewritten in place on
    a terminal (and in Jupyter, whose stderr keeps carriage returns), with the rate and an
    estimate of the time left."""

    def __init__(self, stream=None):
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.monotonic()
        self.finished = False

    def __call__(self, done, total):
        if self.finished:
            return
        elapsed = time.monotonic() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        fraction = done / total if total else 1.0
        width = 30
        filled = int(width * min(fraction, 1.0))
        eta = (total - done) / rate if rate > 0 and total >= done else 0.0
        line = "[{}{}] {:,}/{:,} ({:.1f}%), {:.3g}/s, ETA {}".format(
            "#" * filled, "." * (width - filled), done, total, 100.0 * fraction, rate,
            _duration(eta))
        end = "\n" if total and done >= total else ""
        self.finished = bool(end)
        self.stream.write("\r" + line + end)
        self.stream.flush()


def _duration(seconds):
    if seconds < 120:
        return "{:.0f} s".format(seconds)
    if seconds < 7200:
        return "{:.0f} minutes".format(seconds / 60)
    if seconds < 3 * 86400:
        return "{:.1f} hours".format(seconds / 3600)
    return "{:.1f} days".format(seconds / 86400)
