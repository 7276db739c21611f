"""The contrast measuring of the browser test (tests/e2e/contrast.py) on pictures drawn here:
what it must find, and what it must not."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from tests.e2e.contrast import luminance, ratio, read

PAGE_LIGHT, PAGE_DARK = (0xFB, 0xF8, 0xFF), (0x12, 0x13, 0x18)
INK_LIGHT, INK_DARK = (0x1B, 0x1B, 0x21), (0xE4, 0xE1, 0xE9)


def written(words: str, ink, page, size: int = 16, box: tuple[int, int] = (160, 32)) -> Image.Image:
    image = Image.new("RGB", box, page)
    ImageDraw.Draw(image).text((4, 4), words, fill=ink, font=ImageFont.load_default(size=size))
    return image


def test_wcag_luminance_and_ratio():
    assert luminance((255, 255, 255)) == 1 and luminance((0, 0, 0)) == 0
    assert round(ratio((0, 0, 0), (255, 255, 255)), 2) == 21
    assert round(ratio((0x77, 0x77, 0x77), (255, 255, 255)), 2) == 4.48  # the known near miss
    assert ratio((1, 2, 3), (200, 100, 50)) == ratio((200, 100, 50), (1, 2, 3))


def test_the_themes_text_reads_and_black_on_the_dark_page_does_not():
    for ink, page in ((INK_LIGHT, PAGE_LIGHT), (INK_DARK, PAGE_DARK)):
        (reading,) = read(written("Anna 17", ink, page))
        assert reading.reads() and reading.background == page and reading.ratio > 12
    (reading,) = read(written("Anna 17", (0, 0, 0), PAGE_DARK))  # what the dark theme drew
    assert not reading.reads()


def test_a_text_in_its_backgrounds_colour_is_nothing_drawn_and_fails():
    (reading,) = read(written("Invisible", PAGE_LIGHT, PAGE_LIGHT))
    assert reading.text is None and not reading.reads() and not reading.reads(relaxed=True)


def test_green_saved_on_the_light_page_is_too_faint_for_small_text():
    (reading,) = read(written("Saved", (0x38, 0x8E, 0x3C), PAGE_LIGHT))  # Material green 700
    assert 3.5 < reading.ratio < 4.5 and not reading.reads()


def test_large_text_and_greyed_out_controls_need_three_to_one():
    grey = (0x88, 0x88, 0x88)  # 3.5:1 on the light page
    small, = read(written("Clubs", grey, PAGE_LIGHT, size=14))
    large, = read(written("Clubs", grey, PAGE_LIGHT, size=30, box=(200, 48)))
    assert not small.large and not small.reads() and small.reads(relaxed=True)
    assert large.large and large.reads()
    faint, = read(written("Clubs", (0xB0, 0xB0, 0xB0), PAGE_LIGHT, size=14))  # 2.1:1
    assert not faint.reads(relaxed=True)


def test_a_badge_is_measured_on_its_own_colour():
    row = written("11", INK_LIGHT, PAGE_LIGHT, box=(200, 40))
    draw = ImageDraw.Draw(row)
    draw.rounded_rectangle((60, 4, 130, 36), 8, fill=(0xC6, 0x28, 0x28))
    draw.text((72, 10), "Red", fill=(255, 255, 255), font=ImageFont.load_default(size=16))
    outside, badge = read(row)
    assert outside.background == PAGE_LIGHT and outside.reads()
    assert badge.badge and badge.background == (0xC6, 0x28, 0x28) and badge.reads()
    # the suit's own white on a yellow chip does not read
    draw.rounded_rectangle((140, 4, 196, 36), 8, fill=(0xF9, 0xC8, 0x0E))
    draw.text((146, 10), "Gelb", fill=(255, 255, 255), font=ImageFont.load_default(size=16))
    readings = read(row)
    assert [r.reads() for r in readings if r.badge] == [True, False]


def test_a_rule_across_the_box_is_no_text():
    cell = Image.new("RGB", (80, 48), PAGE_LIGHT)
    ImageDraw.Draw(cell).line((0, 47, 79, 47), fill=(0xC7, 0xC5, 0xD0))  # the table's line
    assert read(cell) == []  # nothing to measure (the cell's words lie beside its box)
    ImageDraw.Draw(cell).text((40, 12), "0", fill=INK_LIGHT, font=ImageFont.load_default(size=16))
    (reading,) = read(cell)
    assert reading.reads() and reading.ratio > 12
    ImageDraw.Draw(cell).rectangle((30, 8, 60, 40), fill=PAGE_LIGHT)
    ImageDraw.Draw(cell).text((40, 12), "0", fill=PAGE_LIGHT)
    assert read(cell) == []  # (the price: a text in the page's colour beside a rule is not found)


def test_a_lone_thin_glyph_is_held_to_three_to_one():
    one = Image.new("RGB", (40, 30), PAGE_LIGHT)
    ImageDraw.Draw(one).line((20, 6, 20, 22), fill=(0x7B, 0x79, 0x80))  # a "1" half covering its pixels
    (reading,) = read(one)
    assert reading.thin and 4 < reading.ratio < 4.5 and reading.reads()
    ImageDraw.Draw(one).line((20, 6, 20, 22), fill=PAGE_DARK)
    (reading,) = read(one)
    assert reading.thin and reading.reads()
    ImageDraw.Draw(one).line((20, 6, 20, 22), fill=(0xB0, 0xB0, 0xB0))  # 2.1:1
    assert not read(one)[0].reads()
