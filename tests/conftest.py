"""Every run of the suite is the same run: Hypothesis draws its examples from a seed fixed by each test,
not from the clock, and keeps no database of failures between runs."""

from hypothesis import settings

settings.register_profile("feint", derandomize=True, database=None)
settings.load_profile("feint")
