"""arbor's Python side: drive the engine and referee matches between engines.

Modules:

* :mod:`arbor_tools.client` - drive one arbor process (modelled on python-chess's
  ``chess.engine``): ``Engine``, ``Limit``, ``Score``
* :mod:`arbor_tools.rules` - the referee's own rules of every game arbor plays
* :mod:`arbor_tools.renju` - renju's forbidden points (used by the rules)
* :mod:`arbor_tools.sprt` - Elo, LOS, pentanomial statistics and the SPRT; also the
  ``arbor-sprt`` command
* :mod:`arbor_tools.runner` - the match runner: the ``arbor-match`` command

Standard library only (Ray only for the runner's ``--ray``).
"""

__version__ = "0.3.0"
