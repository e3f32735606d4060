"""``python -m experiments.cli``: the ``dungeonology`` command line."""

from experiments.cli import main

main()
