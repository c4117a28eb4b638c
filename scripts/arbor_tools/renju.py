#!/usr/bin/env python3
"""Renju's restrictions on Black, for the referee (``game gomoku rule=renju``).

Black (the first player) may not make an overline (six or more in a row), a double four
or a double three; a move that makes exactly five wins even if it also makes one of those.
White has no restriction and wins with five or more.

Definitions, as in the international renju rules:

* a *four* is a line of four Black stones that one more Black move turns into exactly five;
  a straight four (``.XXXX.``) is one four, ``X.XXX.X`` on one line is two;
* a *three* is a line that one more Black move turns into a straight four, and it is
  *real* only if that move is itself allowed (not forbidden): this is the recursive part;
* double four: two or more fours made by one stone; double three: two or more real threes.

The board is a flat list of cells (row-major, ``size`` x ``size``) holding FIRST (0),
SECOND (1) or EMPTY (-1), as in rules.py. Standard library only::

    renju.forbidden(cells, 15, index)   # None, or "overline" / "double four" / "double three"
"""

from __future__ import annotations

BLACK, WHITE, EMPTY = 0, 1, -1
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
#: How deep "is the move that makes the straight four forbidden?" is followed.
_MAX_DEPTH = 6


class _Board:
    def __init__(self, cells: list[int], size: int) -> None:
        self.cells = cells
        self.size = size

    def get(self, row: int, col: int) -> int | None:
        """The cell's content, None off the board."""
        if 0 <= row < self.size and 0 <= col < self.size:
            return self.cells[row * self.size + col]
        return None

    def black_run(self, row: int, col: int, dr: int, dc: int) -> tuple[int, int]:
        """Offsets (first, last) of the Black run through (row, col) along (dr, dc)."""
        first = 0
        while self.get(row + dr * (first - 1), col + dc * (first - 1)) == BLACK:
            first -= 1
        last = 0
        while self.get(row + dr * (last + 1), col + dc * (last + 1)) == BLACK:
            last += 1
        return first, last

    def with_black(self, row: int, col: int):
        """A context manager that puts a Black stone on (row, col) for a while."""
        board = self

        class _Put:
            def __enter__(self) -> None:
                board.cells[row * board.size + col] = BLACK

            def __exit__(self, *exc: object) -> None:
                board.cells[row * board.size + col] = EMPTY

        return _Put()

    def five_at(self, row: int, col: int, dr: int, dc: int) -> bool:
        """Whether Black on empty (row, col) makes exactly five along (dr, dc)."""
        with self.with_black(row, col):
            first, last = self.black_run(row, col, dr, dc)
        return last - first + 1 == 5

    def fours(self, row: int, col: int, dr: int, dc: int) -> int:
        """Distinct fours through the Black stone on (row, col) along (dr, dc)."""
        stone_sets = set()
        for k in range(-4, 5):
            r, c = row + dr * k, col + dc * k
            if k == 0 or self.get(r, c) != EMPTY or not self.five_at(r, c, dr, dc):
                continue
            with self.with_black(r, c):
                first, last = self.black_run(row, col, dr, dc)
            if first <= k <= last:
                stone_sets.add(frozenset(range(first, last + 1)) - {k})
        return len(stone_sets)

    def straight_four(self, row: int, col: int, dr: int, dc: int) -> bool:
        first, last = self.black_run(row, col, dr, dc)
        if last - first + 1 != 4:
            return False
        ends = [(row + dr * (first - 1), col + dc * (first - 1)),
                (row + dr * (last + 1), col + dc * (last + 1))]
        return all(self.get(r, c) == EMPTY and self.five_at(r, c, dr, dc) for r, c in ends)

    def real_three(self, row: int, col: int, dr: int, dc: int, depth: int) -> bool:
        for k in range(-3, 4):
            r, c = row + dr * k, col + dc * k
            if k == 0 or self.get(r, c) != EMPTY:
                continue
            with self.with_black(r, c):
                straight = self.straight_four(row, col, dr, dc)
            if straight and self.verdict(r, c, depth + 1) is None:
                return True
        return False

    def verdict(self, row: int, col: int, depth: int) -> str | None:
        """Why Black may not play on empty (row, col), or None if it may."""
        with self.with_black(row, col):
            runs = [self.black_run(row, col, dr, dc) for dr, dc in _DIRECTIONS]
            lengths = [last - first + 1 for first, last in runs]
            if 5 in lengths:
                return None
            if max(lengths) >= 6:
                return "overline"
            fours = [self.fours(row, col, dr, dc) for dr, dc in _DIRECTIONS]
            if sum(fours) >= 2:
                return "double four"
            if depth >= _MAX_DEPTH:
                return None
            threes = sum(1 for (dr, dc), n in zip(_DIRECTIONS, fours)
                         if n == 0 and self.real_three(row, col, dr, dc, depth))
            return "double three" if threes >= 2 else None


def forbidden(cells: list[int], size: int, index: int) -> str | None:
    """Why a Black stone on empty `index` is forbidden ("overline", "double four",
    "double three"), or None when Black may play there. `cells` is left unchanged."""
    if cells[index] != EMPTY:
        raise ValueError(f"cell {index} is not empty")
    if not _could_be_forbidden(cells, size, index):
        return None
    board = _Board(list(cells), size)
    return board.verdict(index // size, index % size, 0)


def _could_be_forbidden(cells: list[int], size: int, index: int) -> bool:
    """A cheap necessary condition: an overline or a four on one line needs 4 more Black
    stones within 5 steps along it; two threes or fours need 2 on each of two lines."""
    row, col = divmod(index, size)
    busy = 0
    for dr, dc in _DIRECTIONS:
        near = 0
        for k in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5):
            r, c = row + dr * k, col + dc * k
            if 0 <= r < size and 0 <= c < size and cells[r * size + c] == BLACK:
                near += 1
        if near >= 4:
            return True
        if near >= 2:
            busy += 1
    return busy >= 2
