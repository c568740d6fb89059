"""Bounded template rendering: every way a template grows a string, loops or spends CPU time
fails its render with code 1015 (generator.render_bounds), small uses still work."""

from __future__ import annotations

import pytest
from test_templates import render_with

from generator import GeneratorError
from generator.render_bounds import RenderBounds, configure, current_bounds

GROWTH = [
    "{% set s = ''|center(1000000000) %}",
    "{{ ''.center(1000000000) }}",
    "{{ ''.ljust(10**8) }}",
    "{{ 'ab'.zfill(500000) }}",
    "{{ 'x'|indent(10000000, true) }}",
    "{{ '%*s'|format(900000000, '') }}",
    "{{ '%900000000s'|format('') }}",
    "{{ '{:>900000000}'.format('') }}",
    "{{ '{:>{w}}'.format('', w=900000000) }}",
    "{{ '%900000000s' % '' }}",
    "{{ ('x' * 90000)|replace('x', 'yyyyyyyyyy') }}",
    "{{ ('x' * 90000).replace('', 'yy') }}",
    "{% set s = 'x' * 60000 %}{{ s + s }}",
    "{% set s = 'x' * 60000 %}{{ s ~ s }}",
    "{% set s = 'x' * 60000 %}{{ [s, s]|join }}",
    "{% set s = 'x' * 60000 %}{{ ','.join([s, s]) }}",
    "{% set s = 'x' * 90000 %}{{ s.expandtabs(50) }}",
]


@pytest.mark.parametrize("body", GROWTH)
def test_string_growth_is_refused(body: str) -> None:
    with pytest.raises(GeneratorError) as info:
        render_with(body)
    assert info.value.code == 1015
    assert "render limits" in info.value.problems[0].reason


def test_output_size_is_capped() -> None:
    body = "{% set s = 'x' * 90000 %}{% for i in range(1000) %}{{ s }}{% endfor %}"
    with pytest.raises(GeneratorError) as info:
        render_with(body)
    assert info.value.code == 1015 and "output over" in info.value.problems[0].reason


def test_cpu_time_is_capped_even_in_loops_without_calls() -> None:
    saved = current_bounds()
    configure(RenderBounds(cpu_s=0.5))
    try:
        body = (
            "{% set s = 'x' * 5000 %}{% for a in s %}{% for b in s %}{% set c = 1 %}"
            "{% endfor %}{% endfor %}"
        )
        with pytest.raises(GeneratorError) as info:
            render_with(body)
        assert "CPU time" in info.value.problems[0].reason
        configure(RenderBounds(cpu_s=0.02))
        with pytest.raises(GeneratorError) as info:
            render_with(
                "{% for a in range(1000) %}{% for b in range(1000) %}{% for c in range(1000) %}"
                "{% endfor %}{% endfor %}{% endfor %}"
            )
        assert "CPU time" in info.value.problems[0].reason
    finally:
        configure(saved)


def test_small_uses_still_render() -> None:
    html = render_with(
        "<div class='slide'>{{ 'ab'|center(6) }}|{{ 'x'.ljust(3) }}|{{ '%3d'|format(7) }}|"
        "{{ [1, 2]|join('-') }}|{{ 'a' ~ 'b' }}|{{ 'q' + 'r' }}|{{ '%s!' % 'hi' }}|"
        "{% for i in range(3) %}{{ i }}{% endfor %}</div>"
    )
    assert "  ab  |x  |  7|1-2|ab|qr|hi!|012" in html
