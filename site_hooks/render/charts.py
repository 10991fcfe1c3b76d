"""Bar charts drawn as inline SVG at build time, each followed by the table of its numbers.

No library: a chart is a handful of ``<rect>`` and ``<text>`` elements. Colours come from CSS
(docs/stylesheets/odds.css: Material's variables and ``currentColor``), so the chart follows the
light and dark schemes; the SVG is 360 units wide and scales down with the page, so it fits a
360 px screen. The SVG is hidden from screen readers: the table right after it holds the same
numbers as text, and tests compare both with the engine's figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from site_hooks.html import Markup, block, tag

WIDTH = 360
LABEL = 118  # width of the label column
VALUE = 64  # width of the value column
ROW = 26
BAR = 16
TOP = 6


@dataclass(frozen=True)
class Bar:
    """One bar: its label, its value (0 to ``scale``), the text shown beside it and, for a
    simulated figure, the 95 % interval drawn as a whisker."""

    label: str
    value: float
    text: str
    interval: tuple[float, float] | None = None
    #: Marks a bar (the site's own choice, the default...) with a second colour.
    highlight: bool = False


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def bar_chart(bars: Sequence[Bar], *, name: str, scale: float | None = None) -> Markup:
    """An SVG bar chart, horizontal bars, marked ``data-engine-chart="name"`` with each bar's value
    in ``data-value`` (the tests read it)."""
    scale = scale or max((b.interval[1] if b.interval else b.value) for b in bars) or 1.0
    span = WIDTH - LABEL - VALUE
    height = TOP * 2 + ROW * len(bars)
    parts = []
    for i, bar in enumerate(bars):
        y = TOP + i * ROW
        length = max(0.0, min(1.0, bar.value / scale)) * span
        cls = "odds-bar odds-bar--highlight" if bar.highlight else "odds-bar"
        parts.append(tag("text", _short(bar.label), x=LABEL - 6, y=_number(y + ROW / 2 + 4), class_="odds-label"))
        parts.append(tag("rect", "", x=LABEL, y=_number(y + (ROW - BAR) / 2), width=_number(max(length, 0.5)),
                         height=BAR, rx=2, class_=cls, data_value=repr(bar.value)))
        if bar.interval:
            low, high = (max(0.0, min(1.0, v / scale)) * span + LABEL for v in bar.interval)
            middle = y + ROW / 2
            parts.append(tag("path", "", d=f"M{_number(low)} {_number(middle)}H{_number(high)}"
                                          f"M{_number(low)} {_number(middle - 4)}v8M{_number(high)} {_number(middle - 4)}v8",
                             class_="odds-whisker"))
        parts.append(tag("text", bar.text, x=WIDTH - VALUE + 4, y=_number(y + ROW / 2 + 4), class_="odds-value"))
    axis = tag("path", "", d=f"M{LABEL} {TOP}V{height - TOP}", class_="odds-axis")
    svg = tag("svg", Markup("".join(parts) + axis), viewBox=f"0 0 {WIDTH} {height}", width=WIDTH,
              height=height, class_="odds-chart", aria_hidden="true", focusable="false",
              data_engine_chart=name, xmlns="http://www.w3.org/2000/svg")
    return svg


def _short(label: str, limit: int = 20) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


def figure(chart: Markup, table: Markup, caption: str) -> Markup:
    """The chart, its caption and the table of its numbers (the accessible version)."""
    return tag("figure", block(chart, tag("figcaption", caption), table), class_="odds-figure")
