"""Domain value types: seats, cards, hands, deals, boards, calls and contracts."""
