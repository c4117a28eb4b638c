#!/usr/bin/env python3
"""Match statistics: Elo with a 95% confidence interval, LOS, draw ratio and the GSPRT.

The formulas are the ones engine developers read every day in fastchess, fishtest/OpenBench
and cutechess-cli, so numbers and wording carry over:

* Elo, error, nElo and LOS as fastchess reports them, from trinomial counts (W/D/L per game)
  or pentanomial counts (per pair of games played on one opening with colours swapped).
* The generalized SPRT log-likelihood ratio (GSPRT) with the *normalized* model (fastchess's
  default, fishtest), the *logistic* model, and cutechess's trinomial *BayesElo* model.

Standard library only. Used by match.py; also a small command line tool::

    python3 scripts/arbor_tools/sprt.py --wdl 120 80 100 --elo0 0 --elo1 5
    python3 scripts/arbor_tools/sprt.py --ptnml 5 40 60 45 10 --elo0 0 --elo1 5
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from typing import Callable, Sequence

#: Scores of the trinomial outcomes, from the first engine's view: loss, draw, win.
TRINOMIAL_SCORES = (0.0, 0.5, 1.0)
#: Scores of the pentanomial outcomes of a pair: LL, LD, WL+DD, WD, WW.
PENTANOMIAL_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
#: Two-sided 95% quantile of the normal distribution.
Z95 = 1.959963984540054
#: Zero counts are replaced by this in the GSPRT (regularisation, as fastchess and fishtest).
REGULARISATION = 1e-3
#: 800 / ln(10): converts a normalized score difference into nElo.
NELO_SCALE = 800.0 / math.log(10.0)

MODELS = ("normalized", "logistic", "bayesian")


# --- Elo ----------------------------------------------------------------------------------


def score_to_elo(score: float) -> float:
    """Logistic Elo difference for an expected score in (0, 1); +-inf at the ends."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_to_score(elo: float) -> float:
    """Expected score for a logistic Elo difference."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


@dataclass(frozen=True)
class EloEstimate:
    """Elo, its 95% error, nElo, LOS and draw ratio of one set of results (fastchess style)."""

    elo: float
    error: float
    nelo: float
    nelo_error: float
    los: float  # probability in [0, 1] that the first engine is stronger
    score: float  # mean score per game, in [0, 1]
    draw_ratio: float  # draws per game (trinomial) or WL+DD pairs per pair (pentanomial)
    samples: int  # games (trinomial) or pairs (pentanomial)


def _mean_and_variance(counts: Sequence[float], scores: Sequence[float]) -> tuple[float, float, float]:
    total = float(sum(counts))
    mean = sum(c * a for c, a in zip(counts, scores)) / total
    variance = sum(c * (a - mean) ** 2 for c, a in zip(counts, scores)) / total
    return total, mean, variance


def _estimate(counts: Sequence[int], scores: Sequence[float], pairs: bool) -> EloEstimate:
    total, score, variance = _mean_and_variance(counts, scores)
    per_sample = variance / total
    half_width = Z95 * math.sqrt(per_sample)
    low, high = score - half_width, score + half_width
    elo = score_to_elo(score)
    error = (score_to_elo(high) - score_to_elo(low)) / 2.0
    if math.isnan(error):  # a 0 % or 100 % score: the interval has no finite width
        error = math.inf
    # nElo divides by the standard deviation per game: sqrt(2v) for a pair of games.
    sigma = math.sqrt(2.0 * variance if pairs else variance)
    if sigma > 0.0:
        nelo = (score - 0.5) / sigma * NELO_SCALE
        nelo_error = half_width / sigma * NELO_SCALE
    else:
        nelo = 0.0 if score == 0.5 else math.copysign(math.inf, score - 0.5)
        nelo_error = 0.0
    if per_sample > 0.0:
        los = (1.0 - math.erf(-(score - 0.5) / math.sqrt(2.0 * per_sample))) / 2.0
    else:
        los = 0.5 if score == 0.5 else (1.0 if score > 0.5 else 0.0)
    if pairs:
        draw_ratio = counts[2] / total
    else:
        draw_ratio = counts[1] / total
    return EloEstimate(elo, error, nelo, nelo_error, los, score, draw_ratio, int(total))


def trinomial_elo(wins: int, draws: int, losses: int) -> EloEstimate:
    """Elo estimate from game counts (first engine's view).

    Raises ValueError when there are no games.
    """
    if wins + draws + losses <= 0:
        raise ValueError("no games")
    return _estimate((losses, draws, wins), TRINOMIAL_SCORES, pairs=False)


def pentanomial_elo(ptnml: Sequence[int]) -> EloEstimate:
    """Elo estimate from pair counts ``[LL, LD, WL+DD, WD, WW]`` (first engine's view).

    Raises ValueError when there are no pairs or the list does not have five counts.
    """
    if len(ptnml) != 5:
        raise ValueError("pentanomial counts need 5 entries")
    if sum(ptnml) <= 0:
        raise ValueError("no pairs")
    return _estimate(ptnml, PENTANOMIAL_SCORES, pairs=True)


# --- GSPRT --------------------------------------------------------------------------------


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """The (lower, upper) LLR bounds: ln(beta/(1-alpha)), ln((1-beta)/alpha)."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def _solve_secular(probabilities: Sequence[float], values: Sequence[float]) -> float:
    """Root theta of sum p_i v_i / (1 + theta v_i) = 0 with every 1 + theta v_i > 0.

    The function decreases strictly in theta between its two poles, so bisection is safe.
    """
    v_min, v_max = min(values), max(values)
    if v_min >= 0.0 or v_max <= 0.0:
        raise ValueError("the constraint is not attainable on this support")
    low, high = -1.0 / v_max, -1.0 / v_min

    def f(theta: float) -> float:
        return sum(p * v / (1.0 + theta * v) for p, v in zip(probabilities, values))

    for _ in range(200):
        middle = (low + high) / 2.0
        if middle in (low, high):
            break
        if f(middle) > 0.0:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


def _mle_logistic(p_hat: Sequence[float], scores: Sequence[float], s: float) -> list[float]:
    """Maximum likelihood distribution on `scores` with expectation `s`."""
    shifted = [a - s for a in scores]
    theta = _solve_secular(p_hat, shifted)
    return [p / (1.0 + theta * v) for p, v in zip(p_hat, shifted)]


def _mle_normalized(p_hat: Sequence[float], scores: Sequence[float], t: float) -> list[float]:
    """Maximum likelihood distribution with normalized score (mu - 1/2) / sigma = t."""
    n = len(p_hat)
    current = [1.0 / n] * n
    for _ in range(100):
        _, mu, variance = _mean_and_variance(current, scores)
        sigma = math.sqrt(variance)
        phi = [a - 0.5 - t * sigma * (1.0 + ((a - mu) / sigma) ** 2) / 2.0 for a in scores]
        theta = _solve_secular(p_hat, phi)
        following = [p / (1.0 + theta * f) for p, f in zip(p_hat, phi)]
        change = max(abs(x - y) for x, y in zip(current, following))
        current = following
        if change < 1e-9:
            break
    return current


def _gsprt(counts: Sequence[float], scores: Sequence[float], mle: Callable[[list[float], float], list[float]],
           target0: float, target1: float) -> float:
    regular = [c if c > 0 else REGULARISATION for c in counts]
    total = sum(regular)
    p_hat = [c / total for c in regular]
    p0 = mle(p_hat, target0)
    p1 = mle(p_hat, target1)
    return total * sum(p * (math.log(b) - math.log(a)) for p, a, b in zip(p_hat, p0, p1))


def llr(counts: Sequence[int], elo0: float, elo1: float, model: str = "normalized") -> float:
    """GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0).

    `counts` is trinomial ``[L, D, W]`` (3 entries) or pentanomial ``[LL, LD, WL+DD, WD, WW]``
    (5 entries), from the first engine's view. `model` is ``normalized`` (elo bounds in nElo,
    fastchess's default), ``logistic`` (logistic Elo) or ``bayesian`` (cutechess's BayesElo,
    trinomial only). Returns 0.0 when there is no data.
    """
    if sum(counts) <= 0:
        return 0.0
    if len(counts) == 3:
        scores, pairs = TRINOMIAL_SCORES, False
    elif len(counts) == 5:
        scores, pairs = PENTANOMIAL_SCORES, True
    else:
        raise ValueError("counts must have 3 (trinomial) or 5 (pentanomial) entries")
    if model == "bayesian":
        if pairs:
            raise ValueError("the bayesian model is trinomial only")
        return llr_bayeselo(wins=counts[2], draws=counts[1], losses=counts[0], elo0=elo0, elo1=elo1)
    if model == "logistic":
        return _gsprt(counts, scores, lambda p, elo: _mle_logistic(p, scores, elo_to_score(elo)), elo0, elo1)
    if model == "normalized":
        factor = math.sqrt(2.0) if pairs else 1.0
        return _gsprt(counts, scores,
                      lambda p, nelo: _mle_normalized(p, scores, factor * nelo / NELO_SCALE), elo0, elo1)
    raise ValueError(f"unknown model {model!r} (known: {', '.join(MODELS)})")


def llr_bayeselo(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """cutechess-cli's trinomial SPRT LLR, with elo0/elo1 in BayesElo via the draw Elo."""
    w, d, l = wins + 0.5, draws + 0.5, losses + 0.5
    n = w + d + l
    p_win, p_loss = w / n, l / n
    draw_elo = 200.0 * math.log10((1.0 - p_loss) / p_loss * (1.0 - p_win) / p_win)
    x = 10.0 ** (-draw_elo / 400.0)
    scale = 4.0 * x / (1.0 + x) ** 2

    def probabilities(elo: float) -> tuple[float, float, float]:
        bayes_elo = elo / scale
        win = 1.0 / (1.0 + 10.0 ** ((draw_elo - bayes_elo) / 400.0))
        loss = 1.0 / (1.0 + 10.0 ** ((draw_elo + bayes_elo) / 400.0))
        return win, loss, 1.0 - win - loss

    win0, loss0, draw0 = probabilities(elo0)
    win1, loss1, draw1 = probabilities(elo1)
    return (w * math.log(win1 / win0) + l * math.log(loss1 / loss0) + d * math.log(draw1 / draw0))


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test setup (`--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05`)."""

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "normalized"

    @classmethod
    def parse(cls, items: Sequence[str]) -> "Sprt":
        """Builds from ``key=value`` items (elo0, elo1, alpha, beta, model).

        Raises ValueError on an unknown key or a bad value.
        """
        values: dict = {}
        for item in items:
            key, sep, value = item.partition("=")
            if not sep:
                raise ValueError(f"sprt: expected key=value, got {item!r}")
            if key in ("elo0", "elo1", "alpha", "beta"):
                values[key] = float(value)
            elif key == "model":
                if value not in MODELS:
                    raise ValueError(f"sprt: model must be one of {', '.join(MODELS)}")
                values[key] = value
            else:
                raise ValueError(f"sprt: unknown key {key!r} (elo0, elo1, alpha, beta, model)")
        sprt = cls(**values)
        if not (0.0 < sprt.alpha < 1.0 and 0.0 < sprt.beta < 1.0):
            raise ValueError("sprt: alpha and beta must be in (0, 1)")
        if sprt.elo1 <= sprt.elo0:
            raise ValueError("sprt: elo1 must be greater than elo0")
        return sprt

    def bounds(self) -> tuple[float, float]:
        return sprt_bounds(self.alpha, self.beta)

    def llr(self, counts: Sequence[int]) -> float:
        return llr(counts, self.elo0, self.elo1, self.model)

    @property
    def trinomial_only(self) -> bool:
        """Whether the model reads game counts only (cutechess's BayesElo)."""
        return self.model == "bayesian"

    def counts(self, wins: int, draws: int, losses: int, ptnml: Sequence[int] | None) -> list[int]:
        """The counts this test's LLR is computed from.

        The pentanomial counts of complete pairs when there are pair counts and the model
        takes them (fastchess: a game whose pair is not complete is left out until it is);
        the trinomial ``[L, D, W]`` of all games for the bayesian model, which is trinomial
        only, and when there are no pair counts at all.
        """
        if ptnml is None or self.trinomial_only:
            return [losses, draws, wins]
        return list(ptnml)

    def decision(self, value: float) -> str | None:
        """``H0``/``H1`` when a bound is crossed, else None."""
        lower, upper = self.bounds()
        if value >= upper:
            return "H1"
        if value <= lower:
            return "H0"
        return None

    def line(self, counts: Sequence[int]) -> str:
        """``LLR: 1.23 (-2.94, 2.94) [0.00, 5.00]`` as fastchess prints it."""
        lower, upper = self.bounds()
        return f"LLR: {_fmt(self.llr(counts))} ({lower:.2f}, {upper:.2f}) [{self.elo0:.2f}, {self.elo1:.2f}]"


# --- reports ------------------------------------------------------------------------------


def _fmt(value: float) -> str:
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    if math.isnan(value):
        return "nan"
    return f"{value + 0.0:.2f}".replace("-0.00", "0.00")


@dataclass(frozen=True)
class MatchStats:
    """Everything the result block shows, and what each figure is computed from.

    `elo` is pentanomial over the complete pairs when there is at least one (fastchess), else
    trinomial over all games; `trinomial` is always over all games, so a game whose pair is
    not complete (an odd ``--games``, a stopped match) counts there. `llr` is None without a
    test; `llr_basis` says which counts it read (see :meth:`Sprt.counts`).
    """

    wins: int
    draws: int
    losses: int
    ptnml: tuple[int, ...] | None
    elo: EloEstimate
    trinomial: EloEstimate
    llr: float | None = None
    llr_basis: str | None = None

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def pairs(self) -> int:
        """Complete pairs (both games of an opening played)."""
        return sum(self.ptnml) if self.ptnml is not None else 0

    @property
    def unpaired(self) -> int:
        """Games outside the complete pairs (0 without pair counts)."""
        return self.games - 2 * self.pairs if self.ptnml is not None else 0

    @property
    def basis(self) -> str:
        """``pentanomial`` or ``trinomial``: what `elo` (Elo, nElo, LOS, DrawRatio) is from."""
        return "pentanomial" if self.pairs > 0 else "trinomial"

    @property
    def game_draw_ratio(self) -> float:
        return self.draws / self.games


def summarize(wins: int, draws: int, losses: int, ptnml: Sequence[int] | None = None,
              sprt: Sprt | None = None) -> MatchStats:
    """The statistics of a match from the first engine's W/D/L and its pair counts
    ``[LL, LD, WL+DD, WD, WW]`` (None: games were not paired). Raises ValueError when there
    are no games or the pair counts hold more games than W/D/L.
    """
    games = wins + draws + losses
    if games <= 0:
        raise ValueError("no games")
    counts = tuple(ptnml) if ptnml is not None else None
    if counts is not None and 2 * sum(counts) > games:
        raise ValueError("more games in the pair counts than in W/D/L")
    trinomial = trinomial_elo(wins, draws, losses)
    elo = pentanomial_elo(counts) if counts is not None and sum(counts) > 0 else trinomial
    value = basis = None
    if sprt is not None:
        data = sprt.counts(wins, draws, losses, counts)
        value = sprt.llr(data)
        basis = "pentanomial" if len(data) == 5 else "trinomial"
    return MatchStats(wins, draws, losses, counts, elo, trinomial, value, basis)


def match_estimate(wins: int, draws: int, losses: int, ptnml: Sequence[int] | None = None) -> EloEstimate:
    """The estimate a match report shows (:func:`summarize`'s ``elo``): pentanomial over the
    complete pairs when there are any, else trinomial. Raises ValueError without games."""
    return summarize(wins, draws, losses, ptnml).elo


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def basis_lines(summary: MatchStats, sprt: Sprt | None = None) -> list[str]:
    """Which games each figure of the result block is computed from, in words."""
    model = f", {sprt.model} model" if sprt is not None else ""
    figures = ["Elo", "nElo", "LOS", "DrawRatio"]
    if summary.basis == "trinomial":
        text = f"Computed from: {_plural(summary.games, 'game')} (trinomial: "
        text += ", ".join(figures + (["LLR"] if summary.llr_basis == "trinomial" else [])) + ")"
        if summary.ptnml is not None:
            text += "; no pair is complete yet"
            if summary.llr_basis == "pentanomial":
                text += ", and the LLR stays 0 until one is"
        return [text]
    text = f"Computed from: {_plural(summary.pairs, 'complete pair')} (pentanomial: "
    text += ", ".join(figures + (["LLR"] if summary.llr_basis == "pentanomial" else [])) + ")"
    if summary.unpaired:
        text += (f"; {_plural(summary.unpaired, 'game')} without its pair "
                 f"{'is' if summary.unpaired == 1 else 'are'} left out of these, as fastchess does")
    lines = [text]
    if summary.unpaired or summary.llr_basis == "trinomial":
        tri = summary.trinomial
        text = (f"All {_plural(summary.games, 'game')} (trinomial): Elo {_fmt(tri.elo)} +/- {_fmt(tri.error)}, "
                f"LOS {tri.los * 100:.2f} %, DrawRatio {summary.game_draw_ratio * 100:.2f} % of games")
        if summary.llr_basis == "trinomial":
            text += f"; the LLR is computed from these (trinomial{model})"
        lines.append(text)
    return lines


def report(wins: int, draws: int, losses: int, ptnml: Sequence[int] | None = None,
           sprt: Sprt | None = None) -> list[str]:
    """The fastchess-style result lines for the first engine's W/D/L (and pair counts).

    With complete pairs the Elo, nElo, LOS and DrawRatio are pentanomial over those pairs
    (as fastchess), else trinomial; the LLR reads :meth:`Sprt.counts`. A last line says which
    games each figure comes from, with the trinomial Elo over all games when some game has
    no complete pair.
    """
    if wins + draws + losses == 0:
        return ["Games: 0"]
    summary = summarize(wins, draws, losses, ptnml, sprt)
    estimate = summary.elo
    games = summary.games
    points = wins + draws / 2.0
    lines = [
        f"Elo: {_fmt(estimate.elo)} +/- {_fmt(estimate.error)}, "
        f"nElo: {_fmt(estimate.nelo)} +/- {_fmt(estimate.nelo_error)}",
    ]
    if summary.basis == "pentanomial":
        # fastchess's pentanomial DrawRatio counts pairs scoring 1-1 (WL or DD), not drawn games.
        assert summary.ptnml is not None
        second = (f"LOS: {estimate.los * 100:.2f} %, DrawRatio: {estimate.draw_ratio * 100:.2f} % of pairs (WL+DD), "
                  f"{summary.game_draw_ratio * 100:.2f} % of games")
        good, bad = summary.ptnml[3] + summary.ptnml[4], summary.ptnml[0] + summary.ptnml[1]
        ratio = good / bad if bad else (math.inf if good else math.nan)
        second += f", PairsRatio: {_fmt(ratio)}"
    else:
        second = f"LOS: {estimate.los * 100:.2f} %, DrawRatio: {estimate.draw_ratio * 100:.2f} % of games"
    lines.append(second)
    lines.append(f"Games: {games}, Wins: {wins}, Losses: {losses}, Draws: {draws}, "
                 f"Points: {points:.1f} ({points / games * 100:.2f} %)")
    if summary.ptnml is not None and summary.pairs:
        lines.append(f"Ptnml(0-2): [{', '.join(str(c) for c in summary.ptnml)}]")
    if sprt is not None:
        lower, upper = sprt.bounds()
        assert summary.llr is not None
        lines.append(f"LLR: {_fmt(summary.llr)} ({lower:.2f}, {upper:.2f}) [{sprt.elo0:.2f}, {sprt.elo1:.2f}]")
    lines += basis_lines(summary, sprt)
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Elo, LOS and SPRT LLR from match results "
                                     "(fastchess formulas and wording).")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--wdl", nargs=3, type=int, metavar=("W", "D", "L"),
                       help="wins, draws, losses of the first engine")
    group.add_argument("--ptnml", nargs=5, type=int, metavar=("LL", "LD", "WLDD", "WD", "WW"),
                       help="pair counts of the first engine")
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=5.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--model", choices=MODELS, default="normalized")
    args = parser.parse_args(argv)
    sprt = Sprt(args.elo0, args.elo1, args.alpha, args.beta, args.model)
    if args.ptnml and sprt.trinomial_only:
        parser.error(f"--model {args.model} reads game counts: give --wdl")
    if args.wdl:
        wins, draws, losses = args.wdl
        ptnml = None
    else:
        ptnml = args.ptnml
        # Game counts implied by pairs (WL and DD cannot be told apart: count WL+DD as 2 draws).
        ll, ld, mid, wd, ww = ptnml
        wins, draws, losses = 2 * ww + wd, ld + wd + 2 * mid, 2 * ll + ld
    for line in report(wins, draws, losses, ptnml, sprt):
        print(line)
    if ptnml is not None:
        print("(Game counts from the pair counts: each WL+DD pair counted as two draws.)")
    decision = sprt.decision(sprt.llr(sprt.counts(wins, draws, losses, ptnml)))
    if decision:
        print(f"SPRT: {decision} accepted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
