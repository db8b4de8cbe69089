"""Fixtures for the JSON API tests: see webclient.py."""

from api.webclient import *
