"""Rules engine for Mata Ases, Ultimate Texas Hold'em and No-Limit Texas Hold'em.

Standard library only: the same code runs on CPython >= 3.12 and inside Pyodide.
"""

__version__ = "0.1.0"
