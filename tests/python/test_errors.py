"""Bad input of every kind raises the right exception, with the command line's message."""

import math

import pytest

import grundy


def test_hierarchy():
    assert issubclass(grundy.InputError, ValueError)
    assert issubclass(grundy.LimitError, grundy.InputError)
    assert issubclass(grundy.CycleError, grundy.InputError)
    assert issubclass(grundy.IoError, OSError)


@pytest.mark.parametrize("value,token", [(-3, "-3"), (2**63, str(2**63)), (10**30, str(10**30)),
                                          (1.5, "1.5")])
def test_nim_heaps_same_message_as_cli(cli_error, value, token):
    with pytest.raises(grundy.InputError) as e:
        grundy.nim([value])
    assert str(e.value) == cli_error("nim", "--", token)


@pytest.mark.parametrize("value", [True, "5", None, [1], math.nan, math.inf, 2.0])
def test_nim_refuses_what_is_not_a_whole_number(value):
    with pytest.raises(grundy.InputError, match="heap 1"):
        grundy.nim([value])


def test_nim_without_heaps():
    with pytest.raises(grundy.InputError, match="no heaps"):
        grundy.nim([])
    with pytest.raises(grundy.InputError):
        grundy.nim("345")
    with pytest.raises(grundy.InputError):
        grundy.nim(5)


@pytest.mark.parametrize("code", ["0.9z", "", "1.2.3", "0." + "7" * 70, "x"])
def test_octal_code_raises_at_once(cli_error, code):
    with pytest.raises(grundy.InputError) as e:
        grundy.octal(code)
    assert str(e.value) == cli_error("octal", code)


@pytest.mark.parametrize("spec", ["0", "1,1", "1,-2", "powers:1", "nope", "allbut:0"])
def test_subtraction_set_raises_at_once(cli_error, spec):
    with pytest.raises(grundy.InputError) as e:
        grundy.subtraction(spec)
    assert str(e.value) == cli_error("subtraction", spec)


def test_subtraction_set_empty():
    with pytest.raises(grundy.InputError, match="the subtraction set is empty"):
        grundy.subtraction("")


def test_subtraction_set_as_list():
    with pytest.raises(grundy.InputError, match="amount 2 '-1' is negative"):
        grundy.subtraction([1, -1])
    with pytest.raises(grundy.InputError, match="0, which is not a move"):
        grundy.subtraction([0, 2])
    with pytest.raises(grundy.InputError, match="empty"):
        grundy.subtraction([])


@pytest.mark.parametrize("n,token", [(-1, "-1"), (2**62 + 1, str(2**62 + 1)), (2.5, "2.5")])
def test_heap_arguments_same_message_as_cli(cli_error, n, token):
    with pytest.raises(grundy.InputError) as e:
        grundy.octal("0.77").position(n)
    assert str(e.value) == cli_error("octal", "0.77", "--at", token)


def test_limits():
    with pytest.raises(grundy.LimitError):
        grundy.octal("0.77", misere=True).table(201)
    with pytest.raises(grundy.LimitError):
        grundy.octal("grundy").position(10**9)
    with pytest.raises(grundy.InputError, match="Grundy's game"):
        grundy.octal("grundy").period()
    with pytest.raises(grundy.InputError, match="--limit"):
        grundy.octal("0.77").period(limit=2**29)


def test_progress_must_be_callable():
    with pytest.raises(grundy.InputError, match="progress"):
        grundy.octal("0.77").table(10, progress="yes")


def test_strings_must_be_text():
    with pytest.raises(grundy.InputError, match="expected a str"):
        grundy.octal(77)
    with pytest.raises(grundy.InputError, match="not valid Unicode"):
        grundy.octal("0.7\ud800")
