"""Fixtures for the page tests: the same app and browser-like client as the API tests."""

from api.webclient import *
