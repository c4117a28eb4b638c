"""Small inline SVG charts: line charts with one point per sample, bands, bounds and bars.

Each series is one ``<polyline class="series" data-points="N">`` whose ``points`` attribute
holds exactly one x,y pair per sample, so a plot of N games has N points (the tests count them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 56, 14, 14, 34

#: Engine colours (first engine blue, second orange, ...), readable on light and dark.
PALETTE = ("#2f6fde", "#e0702a", "#2a9d5c", "#9b4fd1", "#c93c5a", "#1b9aaa", "#8a7a12", "#6b7280")


@dataclass
class Series:
    name: str
    color: str
    points: list[tuple[float, float]]
    dots: bool = False


@dataclass
class Chart:
    """A chart; `x_range`/`y_range` default to the data's."""

    title: str
    x_label: str
    y_label: str
    series: list[Series] = field(default_factory=list)
    band: list[tuple[float, float, float]] | None = None  # (x, low, high)
    hlines: list[tuple[float, str, str]] = field(default_factory=list)  # (y, label, colour)
    x_range: tuple[float, float] | None = None
    y_range: tuple[float, float] | None = None
    log_y: bool = False
    log_x: bool = False
    css_id: str = ""


def _nice_step(span: float, count: int) -> float:
    raw = span / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1.0
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * magnitude:
            return factor * magnitude
    return 10 * magnitude


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    if high <= low:
        return [low]
    step = _nice_step(high - low, count)
    first = math.ceil(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    return ticks


def _label(value: float) -> str:
    if abs(value) >= 1e6:
        return f"{value / 1e6:g}M"
    if abs(value) >= 1e4:
        return f"{value / 1e3:g}k"
    return f"{value:g}"


def render(chart: Chart) -> str:
    """The chart as an ``<svg>`` element (scales with its container)."""
    xs = [x for s in chart.series for x, _ in s.points] + [b[0] for b in chart.band or []]
    if chart.log_x:
        xs = [math.log10(x) for x in xs if x > 0]
    ys = [y for s in chart.series for _, y in s.points] + [v for b in chart.band or [] for v in b[1:]]
    ys += [y for y, _, _ in chart.hlines]
    if chart.log_y:
        ys = [y for y in ys if y > 0]
    if not xs or not ys:
        return f'<p class="empty">{escape(chart.title)}: no data</p>'
    x0, x1 = chart.x_range or (min(xs), max(xs))
    y0, y1 = chart.y_range or (min(ys), max(ys))
    if x1 <= x0:
        x1 = x0 + 1
    if chart.log_y:
        y0, y1 = math.log10(max(y0, 1e-9)), math.log10(max(y1, 1e-9))
    if y1 <= y0:
        y0, y1 = y0 - 1, y1 + 1
    pad = (y1 - y0) * 0.05
    if not chart.y_range:
        y0, y1 = y0 - pad, y1 + pad
    legend = len(chart.series) > 1
    top = TOP + (16 if legend else 0)  # the legend sits above the plot, not on its data
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - top - BOTTOM

    def sx(x: float) -> float:
        if chart.log_x:
            x = math.log10(max(x, 1e-9))
        return LEFT + (x - x0) / (x1 - x0) * plot_w

    def sy(y: float) -> float:
        if chart.log_y:
            y = math.log10(max(y, 1e-9))
        y = min(max(y, y0), y1)
        return top + (y1 - y) / (y1 - y0) * plot_h

    out = [f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(chart.title)}"'
           + (f' id="{chart.css_id}"' if chart.css_id else "") + ">"]
    # Grid and axes.
    if chart.log_y:
        y_ticks = [m * 10.0 ** e for e in range(math.floor(y0), math.ceil(y1) + 1)
                   for m in ((1,) if y1 - y0 > 3 else (1, 2, 5)) if y0 <= math.log10(m) + e <= y1]
    else:
        y_ticks = _ticks(y0, y1)
    for y in y_ticks:
        py = sy(y)
        out.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{py:.1f}" y2="{py:.1f}"/>'
                   f'<text class="tick" x="{LEFT - 6}" y="{py + 4:.1f}" text-anchor="end">{_label(y)}</text>')
    if chart.log_x:
        x_ticks = [m * 10.0 ** e for e in range(math.floor(x0), math.ceil(x1) + 1) for m in (1, 2, 5)
                   if x0 <= math.log10(m) + e <= x1]
    else:
        x_ticks = [x for x in _ticks(x0, x1, 6) if float(x).is_integer() or x1 - x0 < 10]
    for x in x_ticks:
        px = sx(x)
        out.append(f'<line class="grid" x1="{px:.1f}" x2="{px:.1f}" y1="{top}" y2="{HEIGHT - BOTTOM}"/>'
                   f'<text class="tick" x="{px:.1f}" y="{HEIGHT - BOTTOM + 15}" text-anchor="middle">'
                   f'{_label(x)}</text>')
    out.append(f'<text class="axis" x="{LEFT + plot_w / 2:.0f}" y="{HEIGHT - 4}" text-anchor="middle">'
               f'{escape(chart.x_label)}</text>')
    out.append(f'<text class="axis" transform="translate(13 {top + plot_h / 2:.0f}) rotate(-90)" '
               f'text-anchor="middle">{escape(chart.y_label)}</text>')
    if chart.band:
        digits = 0 if len(chart.band) > 1000 else 1
        upper = " ".join(f"{sx(x):.{digits}f},{sy(h):.{digits}f}" for x, _, h in chart.band)
        lower = " ".join(f"{sx(x):.{digits}f},{sy(lo):.{digits}f}" for x, lo, _ in reversed(chart.band))
        out.append(f'<polygon class="band" points="{upper} {lower}"/>')
    for y, label, color in chart.hlines:
        py = sy(y)
        out.append(f'<line class="bound" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{py:.1f}" y2="{py:.1f}" '
                   f'stroke="{color}"/><text class="bound-label" x="{WIDTH - RIGHT - 4}" y="{py - 4:.1f}" '
                   f'text-anchor="end" fill="{color}">{escape(label)}</text>')
    for s in chart.series:
        # Dense series get whole units: the plot is 640 wide, and a 10,000-game page stays small.
        digits = 0 if len(s.points) > 1000 else 1
        points = " ".join(f"{sx(x):.{digits}f},{sy(y):.{digits}f}" for x, y in s.points)
        out.append(f'<polyline class="series{" dots" if s.dots else ""}" data-name="{escape(s.name)}" '
                   f'data-points="{len(s.points)}" stroke="{s.color}" points="{points}"/>')
    if legend:
        x = LEFT
        for s in chart.series:
            out.append(f'<rect x="{x}" y="{TOP - 10}" width="10" height="10" rx="2" fill="{s.color}"/>'
                       f'<text class="legend" x="{x + 14}" y="{TOP - 1}">{escape(s.name)}</text>')
            x += 24 + 7 * len(s.name)
    out.append("</svg>")
    return "".join(out)


def histogram(title: str, x_label: str, samples: dict[str, tuple[str, list[float]]], bins: int = 24) -> str:
    """Distributions of positive samples (e.g. milliseconds per move) on a log scale, one
    outline per series, as the share of that series' samples in each bin."""
    values = [v for _, data in samples.values() for v in data if v > 0]
    if not values:
        return f'<p class="empty">{escape(title)}: no data</p>'
    low, high = math.log10(min(values)), math.log10(max(values))
    if high - low < 1e-6:
        low, high = low - 0.5, high + 0.5
    width = (high - low) / bins
    series = []
    for name, (color, data) in samples.items():
        counts = [0] * bins
        positive = [v for v in data if v > 0]
        for v in positive:
            counts[min(bins - 1, int((math.log10(v) - low) / width))] += 1
        points: list[tuple[float, float]] = []
        for i, c in enumerate(counts):
            share = 100.0 * c / len(positive) if positive else 0.0
            points += [(10 ** (low + i * width), share), (10 ** (low + (i + 1) * width), share)]
        series.append(Series(name, color, points))
    chart = Chart(title, x_label + " (log scale)", "% of moves", series, log_x=True)
    return render(chart)
