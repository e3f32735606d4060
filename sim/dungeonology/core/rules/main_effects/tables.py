"""The Main Effects rule's tables ("Main Effects", "Intern Cards", "Zone Effect Tokens"): the
Intern Cards, the Zone Effect Token supply, each kind's Main Effect and its programs (compiled
always, used only with the rule)."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.tables import TableContext, limit


def compile_main_effects(ctx: TableContext) -> None:
    """T_INTERN_*, T_KIND_INTERN, the token supply, T_ME_* (after the Trick Card kinds: the programs
    keep their numbers); the Intern and Main Effect names."""
    t, data, cidx, kinds = ctx.t, ctx.data, ctx.cidx, ctx.kinds
    # Intern Cards (Main Effects rule) and the Zone Effect Token supply
    interns = list(data.interns)
    limit("Intern Cards", len(interns), L.MAX_INTERNS)
    t[L.T_NINTERNS] = len(interns)
    for i, name in enumerate(interns):
        it = data.interns[name]
        t[L.T_INTERN_POINTS + i] = it.points
        for p, v in it.passive.items():
            t[L.T_INTERN_PASSIVE + i * L.NPASSIVE + L.PASSIVE_NAMES.index(p)] = v
        t[L.T_INTERN_PROTECT + i] = sum(1 << cidx[c] for c in it.protected)
    for k, name in enumerate(kinds):
        if data.cards[name].intern is not None:
            t[L.T_KIND_INTERN + k] = interns.index(data.cards[name].intern) + 1
    for i, kind_name in enumerate(L.TRAP_KINDS):
        t[L.T_TRAP_TOKENS + i] = data.tokens.trap[kind_name].count
        t[L.T_TRAP_N + i] = data.tokens.trap[kind_name].n
    t[L.T_TELEPORT_TOKENS] = data.tokens.teleport
    t[L.T_SECRET_TOKENS] = data.tokens.secret_passage
    # Main Effects (advanced rule): compiled always, used only with the rule
    t[L.T_ME_ACTION_LIMIT] = data.tricks.main_actions_per_turn
    main_names = []
    for k, name in enumerate(kinds):
        me = data.cards[name].main
        main_names.append(me.name if me is not None else "")
        if me is None:
            continue
        t[L.T_ME_HAS + k] = 1
        t[L.T_ME_TIMING + k] = L.ME_TIMINGS[me.timing]
        t[L.T_ME_ACTION + k] = 1 if me.action else 0
        t[L.T_ME_WHEN + k] = L.ME_WHEN[me.when]
        t[L.T_ME_NCOST + k] = len(me.cost)
        for i, option in enumerate(me.cost):
            t[L.T_ME_COST + k * L.MAX_ME_COSTS + i] = ctx.progs.add(list(option), kind=k, cost=True)
        t[L.T_ME_EFFECT + k] = ctx.progs.add(list(me.effect), kind=k)
        t[L.T_ME_AFTER + k] = ctx.progs.add(list(me.after), kind=k) if me.after else -1
    # "It is possible to use a Reaction in response to another Reaction": a chain
    # ends only when nobody can or will react, so it can hold the declared effect
    # and every Reaction card of the deck
    reactions = sum(data.cards[name].copies for name in kinds
                    if data.cards[name].main is not None and data.cards[name].main.timing == "reaction")
    limit("Main Effects in a Reaction chain (1 + the Reaction cards)", 1 + reactions, L.MAX_CHAIN)
    t[L.T_ME_CHAIN_CAP] = 1 + reactions
    ctx.names.update(interns=tuple(interns), mains=tuple(main_names))
