"""Protocol-level and general-command cases for the Pyodide batch: same request, same reply."""

HANDS = ["As Ks Qs Js Ts 2d 3c", "Td Tc 7h 7s 2d", "Ah Ad Kc Ks 3d", "2c 3d 4h 5s Ac 9d", "As Ks Qs Js"]


def cases() -> list[tuple[str, dict]]:
    malformed = [("no-such-command", {}), ("version", []), ("version", "text"), ("version", None)]
    hands = [("hand-evaluate", {"cards": h.split(), "vocabulary": v}) for h in HANDS for v in ("es", "mx")]
    return malformed + hands + [("hand-evaluate", {"cards": ["As", "As", "Kd", "Qd", "Jd"]})]
