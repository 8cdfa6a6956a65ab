"""Law 77: the duplicate scoring table, as arithmetic.

``contract_score`` gives the score of one board for the declaring side; the Table turns it
into the NS score. Matchpoints, IMPs and the other methods of Law 78 live in
``bridgelaw.laws.scoring.methods``.
"""

from __future__ import annotations

from bridgelaw.core.calls import Contract, Risk, Strain


def trick_score(level: int, strain: Strain, risk: Risk) -> int:
    """Law 77: points for the odd tricks bid and made (the part that decides game)."""
    if strain is Strain.N:
        base = 40 + 30 * (level - 1)
    elif strain in (Strain.S, Strain.H):
        base = 30 * level
    else:
        base = 20 * level
    return base * (1, 2, 4)[risk]


def undertrick_penalty(down: int, risk: Risk, vulnerable: bool) -> int:
    """Law 77: undertricks. Doubled: 100/200/200/300... not vulnerable, 200/300/300... vulnerable;
    redoubled is twice doubled."""
    if risk is Risk.NONE:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * (1 if risk is Risk.DOUBLED else 2)


def contract_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The declaring side's score for taking ``tricks`` tricks in ``contract`` (Law 77)."""
    if not 0 <= tricks <= 13:
        raise ValueError(f"a side takes 0 to 13 tricks, not {tricks}")
    need = contract.level + 6
    if tricks < need:
        return -undertrick_penalty(need - tricks, contract.risk, vulnerable)
    ts = trick_score(contract.level, contract.strain, contract.risk)
    score = ts
    if ts >= 100:  # game bonus
        score += 500 if vulnerable else 300
    else:  # part-score bonus
        score += 50
    if contract.level == 6:
        score += 750 if vulnerable else 500
    elif contract.level == 7:
        score += 1500 if vulnerable else 1000
    over = tricks - need
    if contract.risk is Risk.NONE:
        per = 30 if contract.strain in (Strain.N, Strain.S, Strain.H) else 20
        score += over * per
    else:
        score += over * (100 if not vulnerable else 200) * (1 if contract.risk is Risk.DOUBLED else 2)
        score += 50 * contract.risk  # the insult: 50 doubled, 100 redoubled
    return score
