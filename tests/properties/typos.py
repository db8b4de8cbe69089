"""A hypothesis strategy shared by the readers' property tests: real posts after a few typos."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st


@st.composite
def mutated(draw, posts: Sequence[str], noise: Sequence[str]) -> str:
    """A real post after a handful of typos: characters dropped, doubled, swapped, or noise inserted."""
    text = draw(st.sampled_from(posts))
    for _ in range(draw(st.integers(1, 8))):
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        action = draw(st.sampled_from(["drop", "double", "swap", "noise", "upper", "char"]))
        if action == "drop":
            text = text[:i] + text[i + 1:]
        elif action == "double":
            text = text[:i] + text[i] + text[i:]
        elif action == "swap" and i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
        elif action == "noise":
            text = text[:i] + draw(st.sampled_from(noise)) + text[i:]
        elif action == "upper":
            text = text[:i] + text[i:].upper()
        else:
            text = text[:i] + draw(st.characters()) + text[i:]
    return text
