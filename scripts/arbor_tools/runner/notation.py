"""Other communities' move notations, converted at the edge to the referee's (arbor's).

* cutechess-cli (UCI, PGN): drops ``P@<file><rank>`` with rank 1 the **bottom** row (Connect
  Four names the landing cell) and FENs with a piece pool, ``3/1P1/3[PPPPpppp] b - - 0 1``.
* Gomocup: ``x,y`` from the top-left, 0-based; SGF ``[hh]`` letters for x then y.
* NBoard/GGF: ``F5`` squares as arbor's, ``PA`` for a pass.

arbor counts rows from the top, ``a1`` is the top-left cell.
"""

from __future__ import annotations

from .. import rules

# --- cutechess drops and FEN ----------------------------------------------------------------


def uci_variant(game: str, variant: dict[str, str]) -> str:
    """cutechess-cli's variant name for a game (checked by config.check_protocol)."""
    if game == "connect4":
        return "cfour"
    if game == "gomoku":
        return "gomoku" if variant.get("rule", "freestyle") == "standard" else "gomokufreestyle"
    return game


def _landing_row(position: rules.Game, column: int) -> int | None:
    for row in range(position.height - 1, -1, -1):
        if position.cells[row * position.width + column] == rules._EMPTY:
            return row
    return None


def to_drop(position: rules.Game, move: str) -> str:
    """The drop for arbor `move` in `position` (before it is played)."""
    if isinstance(position, rules.ConnectFour):
        column = ord(move) - ord("a")
        row = _landing_row(position, column)
        if row is None:
            raise rules.IllegalMove(f"{move}: the column is full")
        return f"P@{move}{position.height - row}"
    index = rules.parse_square(move, position.width, position.height)
    row, column = divmod(index, position.width)
    return f"P@{chr(ord('a') + column)}{position.height - row}"


def from_drop(position: rules.Game, text: str) -> str | None:
    """arbor's move for a drop in `position`, or None when the text names no cell."""
    if not text.startswith(("P@", "p@")) or len(text) < 4:
        return None
    file, rank = text[2], text[3:]
    if not ("a" <= file <= "z" and rank.isascii() and rank.isdigit()):
        return None
    column, rank_number = ord(file) - ord("a"), int(rank)
    if column >= position.width or not 1 <= rank_number <= position.height:
        return None
    row = position.height - rank_number
    if isinstance(position, rules.ConnectFour):
        # The drop must name the cell where the disc lands.
        return file if _landing_row(position, column) == row else None
    return rules.square_name(row * position.width + column, position.width)


def fen(position: rules.Game) -> str:
    """cutechess's FEN of a placement position: ranks from the top, the pool of stones not yet
    placed in brackets, the side to move (``w`` first player), ``- - 0 N``."""
    ranks = []
    for row in range(position.height):
        text, run = "", 0
        for column in range(position.width):
            cell = position.cells[row * position.width + column]
            if cell == rules._EMPTY:
                run += 1
                continue
            if run:
                text, run = text + str(run), 0
            text += "P" if cell == rules.FIRST else "p"
        ranks.append(text + (str(run) if run else ""))
    cells = position.width * position.height
    placed = [position.cells.count(rules.FIRST), position.cells.count(rules.SECOND)]
    pool = "P" * ((cells + 1) // 2 - placed[0]) + "p" * (cells // 2 - placed[1])
    side = "w" if position.side_to_move == rules.FIRST else "b"
    return f"{'/'.join(ranks)}[{pool}] {side} - - 0 {len(position.moves) // 2 + 1}"


# --- Gomocup / SGF --------------------------------------------------------------------------


def to_xy(move: str, size: int) -> str:
    """arbor square -> Gomocup ``x,y``."""
    index = rules.parse_square(move, size, size)
    return f"{index % size},{index // size}"


def from_xy(text: str, size: int) -> str | None:
    """Gomocup ``x,y`` -> arbor square, or None when it is no cell of the board."""
    x_text, comma, y_text = text.partition(",")
    try:
        x, y = int(x_text.strip()), int(y_text.strip())
    except ValueError:
        return None
    if not comma or not (0 <= x < size and 0 <= y < size):
        return None
    return rules.square_name(y * size + x, size)


def to_sgf_point(move: str, size: int) -> str:
    """arbor square -> SGF point (letters for x then y from the top-left): ``h8`` -> ``hh``."""
    index = rules.parse_square(move, size, size)
    return chr(ord("a") + index % size) + chr(ord("a") + index // size)


def from_sgf_point(point: str, size: int) -> str:
    x, y = ord(point[0]) - ord("a"), ord(point[1]) - ord("a")
    return rules.square_name(y * size + x, size)


# --- NBoard / GGF ---------------------------------------------------------------------------


def to_nboard(move: str) -> str:
    return "PA" if move == "pass" else move.upper()


def from_nboard(text: str) -> str | None:
    """``F5``, ``f5/1.5/0.2`` or ``PA`` -> arbor move; None when it names no square."""
    square = text.split("/", 1)[0].strip().lower()
    if square in ("pa", "pass"):
        return "pass"
    if len(square) == 2 and "a" <= square[0] <= "h" and "1" <= square[1] <= "8":
        return square
    return None
