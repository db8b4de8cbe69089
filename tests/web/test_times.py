"""Times as a reader reads them (web/times.py, timezones.py): local time in his zone, a relative
phrase with Russian agreement, and the zone list of the settings page."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from jinja2 import Environment
from support.times_table import RELATIVE

from letopis.timezones import DEFAULT_ZONE, is_zone, offset_text, zone_choices, zone_info, zone_title
from letopis.web.templating import make_environment
from letopis.web.times import datetime_local_value, local_datetime, relative, when_html

NOW = datetime(2026, 11, 21, 14, 5, tzinfo=UTC)



@pytest.mark.parametrize(("seconds", "phrase"), RELATIVE)
def test_relative_phrases_agree(seconds, phrase):
    assert relative(NOW + timedelta(seconds=seconds), NOW) == phrase


def test_local_time_is_in_the_readers_zone():
    assert local_datetime(NOW, "Europe/Moscow", NOW) == "21 ноября, 17:05"
    assert local_datetime(NOW, "Asia/Vladivostok", NOW) == "22 ноября, 00:05"
    assert local_datetime(NOW, "America/New_York", NOW) == "21 ноября, 09:05"
    assert local_datetime(NOW, "UTC", NOW) == "21 ноября, 14:05"
    # another year than the reader's now is written out
    assert local_datetime(datetime(2025, 1, 3, 6, 0, tzinfo=UTC), "Europe/Moscow", NOW) == "3 января 2025, 09:00"
    # 31 December 21:30 UTC is already the next year in Moscow
    assert local_datetime(datetime(2026, 12, 31, 21, 30, tzinfo=UTC), "Europe/Moscow", NOW) == "1 января 2027, 00:30"
    # a naive datetime is UTC; an unknown zone falls back to Moscow
    assert local_datetime(NOW.replace(tzinfo=None), "Нет/Такого", NOW) == "21 ноября, 17:05"


def test_summer_time_is_followed():
    winter, summer = datetime(2026, 1, 15, 12, tzinfo=UTC), datetime(2026, 7, 15, 12, tzinfo=UTC)
    assert local_datetime(winter, "Europe/Berlin", winter) == "15 января, 13:00"
    assert local_datetime(summer, "Europe/Berlin", summer) == "15 июля, 14:00"
    assert offset_text("Europe/Berlin", summer) == "UTC+2"
    assert offset_text("Asia/Kolkata", summer) == "UTC+5:30"
    assert offset_text("America/St_Johns", winter) == "UTC−3:30"


def test_a_time_on_a_page_carries_utc_for_the_script_and_local_text_for_the_reader():
    html = str(when_html(NOW + timedelta(hours=5, minutes=20), "Europe/Moscow", countdown=True, now=NOW))
    assert 'datetime="2026-11-21T19:25:00+00:00"' in html
    assert ">21 ноября, 22:25</time>" in html
    assert 'data-countdown="2026-11-21T19:25:00+00:00"' in html and "(через 5 ч 20 мин)" in html
    assert 'title="время: Москва (UTC+3)"' in html
    assert "overdue" not in html
    past = str(when_html(NOW - timedelta(days=2), "Europe/Moscow", countdown=True, now=NOW))
    assert 'class="countdown overdue"' in past and "(2 дня назад)" in past
    assert str(when_html(None, "Europe/Moscow")) == ""


def test_datetime_local_inputs_show_the_readers_zone():
    assert datetime_local_value(NOW, "Europe/Moscow") == "2026-11-21T17:05"
    assert datetime_local_value(NOW, "Asia/Omsk") == "2026-11-21T20:05"
    assert datetime_local_value(None, "Europe/Moscow") == ""


def test_templates_read_the_zone_from_the_page_and_default_to_moscow():
    env: Environment = make_environment()
    template = env.from_string("{{ t|local_time }} | {{ t|ru_datetime }} | {{ time_zone_title() }}")
    moscow = template.render(t=NOW)
    assert moscow.startswith("21 ноября") and ", 17:05 |" in moscow and moscow.endswith("Москва (UTC+3)")
    omsk = template.render(t=NOW, tz="Asia/Omsk")
    assert ", 20:05 |" in omsk and omsk.endswith("Омск (UTC+6)")


def test_the_zone_list():
    assert DEFAULT_ZONE == "Europe/Moscow" and is_zone("Europe/Moscow") and is_zone("Asia/Novosibirsk")
    assert not is_zone("Europe/Mordor") and not is_zone("") and not is_zone("localtime")
    assert zone_info(None).key == "Europe/Moscow" and zone_info("Asia/Omsk").key == "Asia/Omsk"
    assert zone_title("Europe/Moscow", NOW) == "Москва (UTC+3)"
    assert zone_title("Europe/Paris", NOW) == "Europe/Paris (UTC+1)"
    groups = zone_choices(NOW)
    (common_title, common), (all_title, regional) = groups
    assert common_title == "Часто выбирают" and common[1] == ("Europe/Moscow", "Москва (UTC+3)")
    assert ("Asia/Novosibirsk", "Новосибирск (UTC+7)") in common
    assert all_title == "Все часовые пояса" and len(regional) > 300
    assert ("Europe/Paris", "Europe/Paris (UTC+1)") in regional
    listed = [z for _, items in groups for z, _ in items]
    assert len(listed) == len(set(listed))  # a zone once
    # a zone set through the API that the regional list leaves out is still listed, to stay selected
    assert "Etc/GMT-3" in [z for z, _ in zone_choices(NOW, "Etc/GMT-3")[1][1]]
