"""The Ultimate session in Pyodide: a hand dealt with given cards (the page never sends them; the engine
shuffles on its own otherwise), played check, check, 1x, and the refusals."""

CARDS = {"hole": ["Ah", "Kd"], "board": ["Qs", "9c", "4h", "7d", "2s"], "dealer": ["Qc", "Qd"]}


def cases():
    return [
        ("uth-session-deal", {"session": "pyodide-uth", "new": True, "cards": CARDS}),
        ("uth-session-decide", {"session": "pyodide-uth", "option": "check"}),
        ("uth-session-decide", {"session": "pyodide-uth", "option": "check"}),
        ("uth-session-decide", {"session": "pyodide-uth", "option": "1x"}),
        ("uth-session-decide", {"session": "pyodide-uth", "option": "1x"}),
        ("uth-session-deal", {"session": "pyodide-uth-unknown"}),
        # A decision of the session asked again as its strategy drill («Mis errores»).
        ("drill", {"kind": "uth-strategy", "seed": 0, "level": "media", "family": "flop-nothing",
                   "spot": {"hole": ["Ah", "Kd"], "board": ["Qs", "9c", "4h"]}}),
        ("drill-check", {"kind": "uth-strategy", "seed": 0, "level": "media", "family": "flop-nothing",
                         "spot": {"hole": ["Ah", "Kd"], "board": ["Qs", "9c", "4h"]}, "answer": "2x"}),
    ]
