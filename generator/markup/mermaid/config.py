"""A diagram's own configuration (YAML front matter `config:` or a `%%{init: ...}%%` line) ->
its theme, and the colours it is drawn in.

Mermaid's `default` theme (or none) is drawn in the template's palette, so that the diagram looks
like the deck: the SVG carries placeholder colours (PLACEHOLDERS) that `coloured` replaces when
the slide is written. A named theme (`forest`, `neutral`) or `base` with `themeVariables`
(primaryColor, primaryTextColor, primaryBorderColor, lineColor, secondaryColor, tertiaryColor...)
keeps the colours the author chose. `dark` is drawn in the template's palette (a slide has its
own background).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field, replace
from typing import Any

from generator.lazyre import lazy_compile
from generator.markup.mermaid.basics import Theme

PLACEHOLDERS = {
    "text": "#0de001",
    "primary": "#0de002",
    "tint": "#0de003",
    "surface": "#0de004",
    "line": "#0de005",
    "note": "#0de006",
}
SLICES = [f"#0de1{i:02d}" for i in range(8)]
TEMPLATE = Theme(
    text=PLACEHOLDERS["text"],
    line=PLACEHOLDERS["line"],
    fill=PLACEHOLDERS["tint"],
    stroke=PLACEHOLDERS["primary"],
    node_text=PLACEHOLDERS["text"],
    cluster_fill=PLACEHOLDERS["surface"],
    cluster_stroke=PLACEHOLDERS["line"],
    note_fill=PLACEHOLDERS["note"],
    slices=SLICES,
)
NAMED = {
    "forest": Theme(
        "#333333", "#000000", "#cde498", "#13540c", "#333333", "#cdffb2", "#6eaa49", "#fff5ad",
        ["#cde498", "#cdffb2", "#6eaa49", "#13540c", "#f2f2a0", "#9bd472", "#d0e6a5", "#78a86b"],
    ),
    "neutral": Theme(
        "#333333", "#666666", "#eeeeee", "#999999", "#333333", "#f4f4f4", "#aaaaaa", "#ffffde",
        ["#eeeeee", "#cccccc", "#aaaaaa", "#888888", "#dddddd", "#bbbbbb", "#999999", "#777777"],
    ),
}  # fmt: skip
_HEX = lazy_compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?")
_INIT_KEYS = ("theme",) + tuple(
    f"{k}" for k in ("primaryColor", "primaryTextColor", "primaryBorderColor", "lineColor",
                     "secondaryColor", "tertiaryColor", "textColor", "noteBkgColor")
)  # fmt: skip
MAX_CONFIG = 4000  # characters of a diagram's front matter read


@dataclass
class Config:
    """A diagram's lines with its theme and theme variables."""

    body: list[str]  # the diagram's lines, configuration and comments off
    indents: list[int] = field(default_factory=list)  # each body line's indentation (mindmap)
    theme: str = "default"
    variables: dict[str, str] = field(default_factory=dict)


def read(source: str, options: str = "") -> Config:
    """A diagram's lines and theme; `options`: its fence's attributes after the language
    (Slidev's `{theme: 'neutral', scale: 0.8}`), read like an init directive."""
    lines = source.strip("\n").split("\n")
    config = Config(lines)
    _init(options[:MAX_CONFIG], config)
    if lines and lines[0].strip() == "---":
        end = next((i for i, line in enumerate(lines[1:], 1) if line.strip() == "---"), 0)
        if end:
            _front_matter("\n".join(lines[1:end]), config)
            lines = lines[end + 1 :]
    body = []
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("%%{") and stripped.endswith("}%%"):
            _init(stripped[3:-3], config)
        elif stripped and not stripped.startswith("%%"):
            body.append(stripped)
            config.indents.append(len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip()))
    config.body = body
    return config


def configured(source: str) -> bool:
    """The diagram's text carries configuration (front matter or an init directive): what its
    picture cannot show."""
    lines = [line.strip() for line in source.strip("\n").split("\n")]
    front = bool(lines) and lines[0] == "---" and "---" in lines[1:]
    return front or any(line.startswith("%%{") and line.endswith("}%%") for line in lines)


def configuration_lines(source: str, limit: int) -> str:
    """The source shown beside its drawn diagram: whole up to `limit` lines, else its
    configuration (front matter, init directives), the diagram's first line and `…` (the
    diagram's own lines are the picture beside it)."""
    lines = source.strip("\n").split("\n")
    if len(lines) <= limit:
        return "\n".join(lines)
    kept: list[str] = []
    front = lines[0].strip() == "---"
    for i, line in enumerate(lines):
        stripped = line.strip()
        if front or (stripped.startswith("%%{") and stripped.endswith("}%%")) or not stripped:
            kept.append(line)
            front = front and not (i > 0 and stripped == "---")
            continue
        kept.append(line)  # the diagram's first line
        break
    return "\n".join([*kept, "…"]) if len(kept) < len(lines) else "\n".join(lines)


def _front_matter(text: str, config: Config) -> None:
    if len(text) > MAX_CONFIG:
        return
    import yaml  # loaded by a diagram with front matter only (start-up of plain documents)

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return
    settings = data.get("config") if isinstance(data, dict) else None
    if isinstance(settings, dict):
        _settings(settings, config)


def _settings(settings: dict[str, Any], config: Config) -> None:
    if isinstance(settings.get("theme"), str):
        config.theme = settings["theme"].strip().lower()
    variables = settings.get("themeVariables")
    if isinstance(variables, dict):
        config.variables.update({str(k): str(v) for k, v in variables.items() if v is not None})


def _init(text: str, config: Config) -> None:
    """`init: {'theme': 'forest', 'themeVariables': {'primaryColor': '#ff0000'}}`: the keys
    named in _INIT_KEYS with a quoted value, read token by token (the directive is JSON-like
    with either quote)."""
    tokens: list[str] = []
    i = 0
    while i < len(text) and len(tokens) < 400:
        ch = text[i]
        if ch in "'\"":
            end = text.find(ch, i + 1)
            end = len(text) if end < 0 else end
            tokens.append(text[i + 1 : end])
            i = end + 1
        elif ch.isalnum() or ch == "_":
            start = i
            while i < len(text) and (text[i].isalnum() or text[i] == "_"):
                i += 1
            tokens.append(text[start:i])
        else:
            if ch == ":":
                tokens.append(":")
            i += 1
    for key, colon, value in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if colon == ":" and key in _INIT_KEYS:
            if key == "theme":
                config.theme = value.lower()
            else:
                config.variables[key] = value


def theme(config: Config) -> Theme:
    """The colours of a diagram: the template's, a named theme's, or `base`'s variables."""
    chosen = NAMED.get(config.theme, TEMPLATE)
    v = {k: _HEX.fullmatch(val.strip()) and val.strip() for k, val in config.variables.items()}
    if not any(v.values()):
        return chosen
    fill = v.get("primaryColor") or chosen.fill
    text = v.get("primaryTextColor") or v.get("textColor") or chosen.node_text
    return replace(
        chosen,
        fill=fill,
        node_text=text,
        stroke=v.get("primaryBorderColor") or chosen.stroke,
        line=v.get("lineColor") or chosen.line,
        text=v.get("textColor") or chosen.text,
        cluster_fill=v.get("tertiaryColor") or chosen.cluster_fill,
        cluster_stroke=v.get("secondaryColor") or chosen.cluster_stroke,
        note_fill=v.get("noteBkgColor") or chosen.note_fill,
        slices=[fill, v.get("secondaryColor") or chosen.slices[1], *chosen.slices[2:]],
    )


def coloured(src: str, colors: dict[str, str]) -> str:
    """A diagram's data: URI with the template's colours and body font put in for the
    placeholders. `colors`: the template's manifest colours (primary, accent, background, text,
    muted, surface) and `font` (its body font stack)."""
    from generator.highlight import hex_colour, mix_colours

    bg = hex_colour(colors.get("background")) or "#ffffff"
    text = hex_colour(colors.get("text")) or "#222222"
    primary = hex_colour(colors.get("primary")) or text
    accent = hex_colour(colors.get("accent")) or primary
    muted = hex_colour(colors.get("muted")) or mix_colours(text, bg, 0.4)
    surface = hex_colour(colors.get("surface")) or mix_colours(primary, bg, 0.94)
    values = {
        "text": text,
        "primary": primary,
        "tint": mix_colours(primary, bg, 0.86),
        "surface": surface,
        "line": muted,
        "note": mix_colours(accent, bg, 0.8),
    }
    series = [primary, accent] + [
        mix_colours(c, bg, t) for t in (0.35, 0.6) for c in (primary, accent, muted)
    ]
    head, _, data = src.partition(",")
    svg = base64.b64decode(data).decode("utf-8")
    for key, placeholder in PLACEHOLDERS.items():
        svg = svg.replace(placeholder, values[key])
    for placeholder, colour in zip(SLICES, series, strict=False):
        svg = svg.replace(placeholder, colour)
    font = colors.get("font") or "Arial, sans-serif"
    svg = svg.replace("df-diagram-font", font.replace('"', "'").replace("&", "").replace("<", ""))
    return head + "," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
