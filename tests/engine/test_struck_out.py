"""`text_post.without_struck`: what a forum writer struck out and wrote again after it is taken back."""

from __future__ import annotations

from letopis.engine.text import split_post, without_struck


def _typed(text: str) -> tuple[str, str]:
    line = split_post(text)[0]
    got = without_struck(line)
    assert got.cols is not None and len(got.cols) == len(got.norm)
    return got.norm, "".join(text[c] for c in got.cols)


def test_struck_words_written_again_after_are_taken_back_with_the_columns_kept():
    assert _typed("[s]Призываю Речного Змея[/s] Призываю Грифона") == ("призываю грифона", "Призываю Грифона")
    assert _typed("Строю [S]ферму[/S] лесопилку в Броде") == ("строю лесопилку в броде", "Строю лесопилку в Броде")
    assert _typed("[strike]Имп №2 копает[/strike] [del]x[/del] Имп №3 копает") == ("имп №3 копает", "Имп №3 копает")


def test_struck_text_with_nothing_after_it_is_formatting_and_the_line_is_not_changed():
    for text in ("П1 → [s]П2[/s]", "[s]Пас[/s]", "Строю ферму"):
        line = split_post(text)[0]
        assert without_struck(line) is line
