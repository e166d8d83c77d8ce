"""The report's plots, drawn with matplotlib (no display needed) and saved as PNG files."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from feint.arena.stats import Share


def shares_plot(
    path: Path,
    title: str,
    groups: Mapping[str, Mapping[Any, Share]],
    fair: float | Sequence[float],
    ylabel: str = "win share",
) -> None:
    """Grouped bars: for each group (x), one bar per series, with its 95% interval and the fair share.

    ``fair`` is one share for every group, or one per group (tables of different sizes).
    """
    series = sorted({name for bars in groups.values() for name in bars})
    width = 0.8 / max(1, len(series))
    figure, axes = plt.subplots(figsize=(max(5.0, 1.2 * len(groups) * max(1, len(series)) ** 0.5), 3.6))
    for number, name in enumerate(series):
        xs, values, low, high = [], [], [], []
        for x, bars in enumerate(groups.values()):
            share = bars.get(name)
            if share is not None:
                bottom, top = share.interval
                xs.append(x + (number - (len(series) - 1) / 2) * width)
                values.append(share.value)
                low.append(share.value - bottom)
                high.append(top - share.value)
        axes.bar(xs, values, width, yerr=[low, high], capsize=3, label=str(name) if len(series) > 1 else None)
    if isinstance(fair, float):
        axes.axhline(fair, color="grey", linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
    else:
        places = range(len(groups))
        axes.hlines(
            fair,
            [x - 0.45 for x in places],
            [x + 0.45 for x in places],
            colors="grey",
            linestyles="--",
            label="fair share",
        )
    axes.set_xticks(range(len(groups)), list(groups))
    axes.set_ylabel(ylabel)
    axes.set_ylim(0, 1)
    axes.set_title(title)
    axes.legend(fontsize="small")
    _save(figure, path)


def histogram_plot(path: Path, title: str, samples: Mapping[str, Sequence[float]], xlabel: str) -> None:
    """One step histogram per sample, on shared bins."""
    figure, axes = plt.subplots(figsize=(6, 3.6))
    everything = [v for values in samples.values() for v in values]
    bins = min(40, max(5, len(set(everything))))
    for name, values in samples.items():
        axes.hist(values, bins=bins, range=(min(everything), max(everything)), histtype="step", label=name)
    axes.set_xlabel(xlabel)
    axes.set_ylabel("games")
    axes.set_title(title)
    axes.legend(fontsize="small")
    _save(figure, path)


def box_plot(path: Path, title: str, samples: Mapping[str, Sequence[float]], ylabel: str) -> None:
    figure, axes = plt.subplots(figsize=(max(4.0, 1.3 * len(samples)), 4.2))
    axes.boxplot(list(samples.values()), tick_labels=list(samples))
    axes.tick_params(axis="x", labelrotation=30)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    _save(figure, path)


def _save(figure: Figure, path: Path) -> None:
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
