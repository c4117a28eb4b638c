#!/usr/bin/env python3
"""The referee's own rules for arbor's games, in plain Python, independent of the engine.

The match runner never trusts an engine under test for legality: it checks every move
against these rules, detects the end of the game and the winner. Notation follows arbor's
protocol: squares ``a1`` top-left with rows counted downwards (tic-tac-toe, Othello,
Gomoku), column letters for Connect Four, and ``pass`` in Othello. The first player is
``X`` (black in Othello and Gomoku).

Games and variant options (``game NAME key=value`` in the protocol):

* ``tictactoe`` (no options)
* ``connect4`` ``cols=7 rows=6`` (4 in a row wins)
* ``othello`` (8x8, standard start, a side without a move must ``pass``)
* ``gomoku`` ``size=15 rule=freestyle|standard|renju`` (five or more wins; ``standard``: exactly
  five; ``renju``: Black wins with exactly five and may not play a forbidden point, see
  renju.py, White wins with five or more)

Standard library only::

    game = rules.new_game("connect4", {"cols": "7", "rows": "6"})
    game.play("d")
    game.legal_moves()      # ['a', 'b', ...]
    game.outcome            # None, or Outcome(winner=0|1|None, reason=...)
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Mapping

from . import renju

#: Player numbers: the first player (X) and the second (O).
FIRST, SECOND = 0, 1
_EMPTY = -1
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


class IllegalMove(ValueError):
    """A move that is malformed or not legal in the current position."""


class VariantError(ValueError):
    """An unknown game or a bad variant option."""


@dataclass(frozen=True)
class Outcome:
    """The end of a game: `winner` is FIRST, SECOND or None for a draw."""

    winner: int | None
    reason: str


def square_name(index: int, width: int) -> str:
    """``a1`` style name of square `index` (row * width + column, rows from the top)."""
    return f"{chr(ord('a') + index % width)}{index // width + 1}"


def parse_square(text: str, width: int, height: int) -> int:
    """Index of square `text`. Raises IllegalMove when it is not a square of the board."""
    text = text.strip().lower()
    # isascii: str.isdigit() is also true of `²` and other digits int() does not read.
    if len(text) < 2 or not "a" <= text[0] <= "z" or not (text[1:].isascii() and text[1:].isdigit()) \
            or text[1] == "0":
        raise IllegalMove(f"{text!r} is not a square")
    column, row = ord(text[0]) - ord("a"), int(text[1:]) - 1
    if column >= width or row >= height:
        raise IllegalMove(f"{text!r} is off the {width}x{height} board")
    return row * width + column


def _int_option(variant: Mapping[str, str], key: str, default: int, low: int, high: int) -> int:
    value = variant.get(key)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise VariantError(f"{key}={value}: not an integer") from None
    if not low <= number <= high:
        raise VariantError(f"{key}={value}: must be within {low}..{high}")
    return number


class Game:
    """A position of a grid game with its move history. Subclasses define the rules."""

    name = ""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.cells = [_EMPTY] * (width * height)
        self.side_to_move = FIRST
        self.outcome: Outcome | None = None
        self.moves: list[str] = []

    def copy(self) -> "Game":
        """An independent copy."""
        other = copy.copy(self)
        other.cells = self.cells[:]
        other.moves = self.moves[:]
        return other

    def legal_moves(self) -> list[str]:
        """The legal moves in arbor notation; empty when the game is over."""
        raise NotImplementedError

    def play(self, move: str) -> None:
        """Plays `move`. Raises IllegalMove (position unchanged) when it is not legal."""
        raise NotImplementedError

    def variant_args(self) -> dict[str, str]:
        """The ``key=value`` variant options that recreate this game with `game NAME ...`."""
        return {}

    def _count_line(self, index: int, dr: int, dc: int) -> int:
        """Stones of the owner of `index` in the line through it in direction (dr, dc)."""
        owner = self.cells[index]
        row, column = divmod(index, self.width)
        count = 1
        for sign in (1, -1):
            r, c = row + sign * dr, column + sign * dc
            while 0 <= r < self.height and 0 <= c < self.width and self.cells[r * self.width + c] == owner:
                count += 1
                r, c = r + sign * dr, c + sign * dc
        return count

    def _line_lengths(self, index: int) -> list[int]:
        return [self._count_line(index, dr, dc) for dr, dc in _DIRECTIONS]

    def diagram(self) -> str:
        """A text diagram (X, O, '-') with the side to move."""
        marks = {_EMPTY: "-", FIRST: "X", SECOND: "O"}
        rows = ["".join(marks[self.cells[r * self.width + c]] for c in range(self.width))
                for r in range(self.height)]
        return "\n".join(rows) + f"\n{'XO'[self.side_to_move]} to move"


class _PlaceGame(Game):
    """Games where a move puts a stone on an empty square and `k` in a row wins."""

    k = 3
    exact = False  # True: exactly k in a row wins (Gomoku standard rule), overlines do not

    def legal_moves(self) -> list[str]:
        if self.outcome is not None:
            return []
        return [square_name(i, self.width) for i, cell in enumerate(self.cells) if cell == _EMPTY]

    def play(self, move: str) -> None:
        if self.outcome is not None:
            raise IllegalMove(f"{move}: the game is over")
        index = parse_square(move, self.width, self.height)
        if self.cells[index] != _EMPTY:
            raise IllegalMove(f"{move}: the square is taken")
        self._place(index, square_name(index, self.width))

    def _place(self, index: int, text: str) -> None:
        player = self.side_to_move
        self.cells[index] = player
        self.moves.append(text)
        self.side_to_move = 1 - player
        lengths = self._line_lengths(index)
        if any(n == self.k if self.exact else n >= self.k for n in lengths):
            self.outcome = Outcome(player, f"{'XO'[player]} made {self.k} in a row")
        elif _EMPTY not in self.cells:
            self.outcome = Outcome(None, "board full")


class TicTacToe(_PlaceGame):
    """Tic-tac-toe on 3x3."""

    name = "tictactoe"

    def __init__(self, variant: Mapping[str, str] | None = None) -> None:
        if variant:
            raise VariantError("tictactoe has no variant options")
        super().__init__(3, 3)


class Gomoku(_PlaceGame):
    """Gomoku: `size` x `size` (default 15), five wins; `rule=standard`: exactly five;
    `rule=renju`: Black's forbidden points (renju.py) are illegal, Black needs exactly five."""

    name = "gomoku"
    k = 5

    def __init__(self, variant: Mapping[str, str] | None = None) -> None:
        variant = dict(variant or {})
        size = _int_option(variant, "size", 15, 5, 26)
        rule = variant.get("rule", "freestyle")
        if rule not in ("freestyle", "standard", "renju"):
            raise VariantError(f"rule={rule}: must be freestyle, standard or renju")
        unknown = set(variant) - {"size", "rule"}
        if unknown:
            raise VariantError(f"gomoku has no option {sorted(unknown)[0]!r} (size, rule)")
        super().__init__(size, size)
        self.rule = rule
        self.exact = rule == "standard"

    def variant_args(self) -> dict[str, str]:
        return {"size": str(self.width), "rule": self.rule}

    # Renju: the rule differs only for Black, in what is legal and in overlines.
    def legal_moves(self) -> list[str]:
        moves = super().legal_moves()
        if self.rule != "renju" or self.side_to_move != FIRST:
            return moves
        return [m for m in moves
                if renju.forbidden(self.cells, self.width, parse_square(m, self.width, self.height)) is None]

    def play(self, move: str) -> None:
        if self.rule == "renju" and self.side_to_move == FIRST and self.outcome is None:
            index = parse_square(move, self.width, self.height)
            if self.cells[index] == _EMPTY:
                why = renju.forbidden(self.cells, self.width, index)
                if why is not None:
                    raise IllegalMove(f"{move}: forbidden for Black in renju ({why})")
        self.exact = self.rule == "standard" or (self.rule == "renju" and self.side_to_move == FIRST)
        super().play(move)


class ConnectFour(Game):
    """Connect Four: `cols` x `rows` (default 7x6), moves are column letters, 4 in a row wins."""

    name = "connect4"

    def __init__(self, variant: Mapping[str, str] | None = None) -> None:
        variant = dict(variant or {})
        cols = _int_option(variant, "cols", 7, 4, 26)
        rows = _int_option(variant, "rows", 6, 4, 26)
        unknown = set(variant) - {"cols", "rows"}
        if unknown:
            raise VariantError(f"connect4 has no option {sorted(unknown)[0]!r} (cols, rows)")
        super().__init__(cols, rows)

    def variant_args(self) -> dict[str, str]:
        return {"cols": str(self.width), "rows": str(self.height)}

    def legal_moves(self) -> list[str]:
        if self.outcome is not None:
            return []
        return [chr(ord("a") + c) for c in range(self.width) if self.cells[c] == _EMPTY]

    def play(self, move: str) -> None:
        if self.outcome is not None:
            raise IllegalMove(f"{move}: the game is over")
        text = move.strip().lower()
        if len(text) != 1 or not "a" <= text < chr(ord("a") + self.width):
            raise IllegalMove(f"{move!r} is not a column of this {self.width}-column board")
        column = ord(text) - ord("a")
        if self.cells[column] != _EMPTY:
            raise IllegalMove(f"{move}: the column is full")
        row = self.height - 1
        while self.cells[row * self.width + column] != _EMPTY:
            row -= 1
        index = row * self.width + column
        player = self.side_to_move
        self.cells[index] = player
        self.moves.append(text)
        self.side_to_move = 1 - player
        if any(n >= 4 for n in self._line_lengths(index)):
            self.outcome = Outcome(player, f"{'XO'[player]} made 4 in a row")
        elif _EMPTY not in self.cells[: self.width]:
            self.outcome = Outcome(None, "board full")


class Othello(Game):
    """Othello 8x8: X (black) moves first; a side without a placement must play ``pass``."""

    name = "othello"
    _STEPS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))

    def __init__(self, variant: Mapping[str, str] | None = None) -> None:
        if variant:
            raise VariantError("othello has no variant options")
        super().__init__(8, 8)
        for name, player in (("d4", SECOND), ("e5", SECOND), ("e4", FIRST), ("d5", FIRST)):
            self.cells[parse_square(name, 8, 8)] = player

    def _flips(self, index: int, player: int) -> list[int]:
        if self.cells[index] != _EMPTY:
            return []
        row, column = divmod(index, 8)
        flips: list[int] = []
        for dr, dc in self._STEPS:
            r, c = row + dr, column + dc
            line: list[int] = []
            while 0 <= r < 8 and 0 <= c < 8 and self.cells[r * 8 + c] == 1 - player:
                line.append(r * 8 + c)
                r, c = r + dr, c + dc
            if line and 0 <= r < 8 and 0 <= c < 8 and self.cells[r * 8 + c] == player:
                flips.extend(line)
        return flips

    def _placements(self, player: int) -> list[int]:
        return [i for i in range(64) if self.cells[i] == _EMPTY and self._flips(i, player)]

    def legal_moves(self) -> list[str]:
        if self.outcome is not None:
            return []
        placements = self._placements(self.side_to_move)
        if not placements:
            return ["pass"]
        return [square_name(i, 8) for i in placements]

    def play(self, move: str) -> None:
        if self.outcome is not None:
            raise IllegalMove(f"{move}: the game is over")
        player = self.side_to_move
        text = move.strip().lower()
        if text == "pass":
            if self._placements(player):
                raise IllegalMove("pass: a placement is available")
            self.moves.append("pass")
        else:
            index = parse_square(text, 8, 8)
            flips = self._flips(index, player)
            if not flips:
                raise IllegalMove(f"{move}: flips nothing" if self.cells[index] == _EMPTY
                                  else f"{move}: the square is taken")
            for square in flips + [index]:
                self.cells[square] = player
            self.moves.append(square_name(index, 8))
        self.side_to_move = 1 - player
        if not self._placements(self.side_to_move) and not self._placements(player):
            discs = [self.cells.count(FIRST), self.cells.count(SECOND)]
            score = f"{discs[0]}-{discs[1]}"
            if discs[0] == discs[1]:
                self.outcome = Outcome(None, f"equal discs ({score})")
            else:
                winner = FIRST if discs[0] > discs[1] else SECOND
                self.outcome = Outcome(winner, f"{'XO'[winner]} has more discs ({score})")


GAMES: dict[str, type[Game]] = {cls.name: cls for cls in (TicTacToe, ConnectFour, Othello, Gomoku)}


def new_game(name: str, variant: Mapping[str, str] | None = None) -> Game:
    """The start position of game `name` with variant options. Raises VariantError."""
    cls = GAMES.get(name.lower())
    if cls is None:
        raise VariantError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return cls(variant or {})


def perft(game: Game, depth: int) -> int:
    """Leaf count at `depth` plies; finished games contribute nothing deeper."""
    if depth == 0:
        return 1
    if game.outcome is not None:
        return 0
    moves = game.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = game.copy()
        child.play(move)
        total += perft(child, depth - 1)
    return total
