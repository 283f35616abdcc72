"""Knobs of the benchmark bots, given on the bot's command line as NAME=VALUE.

The command of an `exec:` bot is recorded in run.json, so a run with other knobs can be told
apart and replayed (`exec:python3 golf.py pair=0`); an environment variable would not be.
"""
import sys


def knobs(defaults):
    """The knobs `defaults` (name -> default value), each overridden by a NAME=VALUE argument
    (converted to the default's type). An unknown name or a bad value ends the bot with one
    line on stderr."""
    k = dict(defaults)
    for arg in sys.argv[1:]:
        name, sep, value = arg.partition("=")
        if not sep or name not in k:
            sys.exit(f"{sys.argv[0]}: unknown knob {arg!r} (knobs: {', '.join(sorted(k))})")
        try:
            k[name] = type(defaults[name])(value)
        except ValueError:
            sys.exit(f"{sys.argv[0]}: bad value for knob {name}: {value!r}")
    return k
