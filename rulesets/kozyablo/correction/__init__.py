"""The parts of a GM's correction (`correct.correct` joins them): `read` turns one Russian line
into a patch against the state it will change, `apply` carries the patch out with the chronicle's
events, hidden cards kept hidden.
"""
