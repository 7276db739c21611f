"""Contrast of drawn text, measured from a screenshot (WCAG 2: relative luminance, ratio).

Flutter draws on a canvas, so what a player reads is only in the pixels. For one
text's box (from the accessibility tree) the crop's colour histogram decides:
the background is the most frequent colour, the text the colour farthest from it
in luminance among the colours with a real share (antialiased edges and single
stray pixels do not count). A badge inside the box (a trump chip on a Block row,
a suit on its colour) is a background of its own: a colour that fills most of
its own bounding box is measured as one, with the text drawn on it, and the
rest of the box without it. A box with text but no ink at all is a text drawn
in its background's colour: unreadable.

Pure functions on Pillow images: the unit tests feed them synthetic pictures.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from PIL import Image, ImageChops

Colour = tuple[int, int, int]

NORMAL = 4.5
"""WCAG 2 (1.4.3, AA): text against its background."""
LARGE = 3.0
"""Large text (24 px, or 18.7 px bold), and greyed-out controls (exempt, but still legible here)."""
LARGE_INK = 17
"""px: ink this tall on one line is large text (the cap height of 24 px text; bold is not told
apart, so 18.7 px bold text is held to :data:`NORMAL` — stricter, never laxer)."""
INK = 0.01
"""The text's colour is the one farthest from the background that, with those farther still, covers
this share of the ink (and :data:`MIN_PIXELS`)."""
MIN_PIXELS = 6
FAINT = 1.2
"""Colours this close to the background are not ink (a shadow, the page behind a rounded corner)."""
THIN_INK = 40
"""px of ink: less is a glyph or two too thin to measure at one pixel per point (see :class:`Reading`)."""
RULE_WIDTH = 40
"""px: a crop this wide may hold a rule across it."""
BADGE_SHARE = 0.06
"""A colour covering this share of the box and most of its own bounding box is a badge."""


@functools.cache
def luminance(colour: Colour) -> float:
    """WCAG 2 relative luminance of an sRGB colour (kept: a screen has a few thousand colours, and
    each crop asks again)."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: Colour, b: Colour) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def hex_of(colour: Colour) -> str:
    return "#" + "".join(f"{v:02x}" for v in colour)


@dataclass(frozen=True)
class Reading:
    """One text's colours as drawn, and whether they read."""

    text: Colour | None
    """``None``: nothing drawn but the background."""
    background: Colour
    ratio: float
    large: bool
    badge: bool = False
    thin: bool = False
    """So little ink (a lone "1") that no pixel of it is wholly covered: the colour drawn is a mix
    with the background, and its ratio only a lower bound of the text's."""

    def needed(self, relaxed: bool = False) -> float:
        """4.5:1, or 3:1 for large text and where WCAG asks less (``relaxed``: an icon, 1.4.11, or a
        greyed-out control, which it exempts), and for a glyph too thin to cover a whole pixel."""
        return LARGE if self.large or self.thin or relaxed else NORMAL

    def reads(self, relaxed: bool = False) -> bool:
        return self.text is not None and self.ratio >= self.needed(relaxed) - 0.005

    def __str__(self) -> str:
        where = " (on a badge)" if self.badge else ""
        size = "large" if self.large else "thin" if self.thin else "normal"
        return (f"{hex_of(self.text) if self.text else 'nothing'} on {hex_of(self.background)}{where}: "
                f"{self.ratio:.2f}:1, {size} text")


def _mask(image: Image.Image, colour: Colour) -> Image.Image:
    """255 where ``image`` is exactly ``colour``."""
    bands = [band.point(lambda v, c=c: 255 if v == c else 0) for band, c in zip(image.split(), colour,
                                                                                   strict=True)]
    return ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])


def _ink_height(image: Image.Image, background: Colour, text: Colour) -> int:
    """The tallest run of rows holding ink at least half way from the background to the text."""
    grey = image.convert("L")
    target = Image.new("RGB", (1, 1), text).convert("L").getpixel((0, 0))
    ground = Image.new("RGB", (1, 1), background).convert("L").getpixel((0, 0))
    middle = (int(target) + int(ground)) / 2
    inked = grey.point(lambda v: 255 if (v - middle) * (int(target) - middle) > 0 else 0)
    rows = inked.resize((1, image.height), Image.Resampling.BOX).tobytes()
    tallest = run = 0
    for row in rows:
        run = run + 1 if row else 0
        tallest = max(tallest, run)
    return tallest


def _read(image: Image.Image, background: Colour, badge: bool = False) -> Reading | None:
    """The text: the colour farthest from the background that, with the colours farther still,
    covers :data:`INK` of the ink (an antialiased glyph has few pixels of its exact colour, a stray
    pixel is not a text)."""
    width, height = image.size
    colours = [(contrast, n, c) for n, c in image.getcolors(width * height) or []
               if (contrast := ratio(c, background)) >= FAINT]
    ink = sum(n for _, n, _ in colours)
    if ink < MIN_PIXELS:
        return None
    enough, counted = max(MIN_PIXELS, INK * ink), 0
    for contrast, n, colour in sorted(colours, reverse=True):
        counted += n
        if counted >= enough:
            return Reading(colour, background, contrast,
                           _ink_height(image, background, colour) >= LARGE_INK, badge, ink < THIN_INK)
    raise AssertionError("unreachable: the colours add up to the ink")


def _without_rules(image: Image.Image, background: Colour) -> tuple[Image.Image, bool]:
    """The crop with each rule across it (a table's line, a field's border: one colour over nine
    tenths of a row, in a box wide enough not to be one glyph) painted over; whether there was one."""
    width, height = image.size
    if width < RULE_WIDTH:
        return image, False
    # Only a row with nine tenths off the background can be a rule: found for all rows at once
    off = ImageChops.difference(image, Image.new("RGB", image.size, background)).convert("L")
    share = off.point(lambda v: 255 if v else 0).resize((1, height), Image.Resampling.BOX).tobytes()
    ruled = False
    for y in (y for y, v in enumerate(share) if v >= 0.9 * 255 - 1):
        row = image.crop((0, y, width, y + 1))
        count, colour = max(row.getcolors(width) or [(0, background)])
        if colour != background and count >= 0.9 * width:
            if not ruled:
                image, ruled = image.copy(), True
            image.paste(background, (0, y, width, y + 1))
    return image, ruled


def read(image: Image.Image) -> list[Reading]:
    """How the text in this crop reads: one reading for the box, one for each badge in it.

    An empty list for an empty crop, or one holding nothing but a rule (a table
    cell's box can miss its words; its line is no text); a reading with
    ``text=None`` for a box where nothing but the background is drawn.
    """
    image = image.convert("RGB")
    width, height = image.size
    if width < 1 or height < 1:
        return []
    colours = sorted(image.getcolors(width * height) or [], reverse=True)
    background = colours[0][1]
    image, ruled = _without_rules(image, background)
    readings: list[Reading] = []
    rest = image.copy()
    for count, colour in colours[1:]:
        if count < BADGE_SHARE * width * height:
            break
        box = _mask(image, colour).getbbox()
        if box is None:
            continue
        area = (box[2] - box[0]) * (box[3] - box[1])
        if count < 0.5 * area or min(box[2] - box[0], box[3] - box[1]) < 10:
            continue  # text or a line, not a badge
        inside = _read(image.crop(box), colour, badge=True)
        if inside is not None:
            readings.append(inside)
        rest.paste(background, box)
    outside = _read(rest, background)
    if outside is not None or not (readings or ruled):
        readings.insert(0, outside or Reading(None, background, 1.0, False))
    return readings
