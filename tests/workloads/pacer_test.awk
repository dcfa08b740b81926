# workloads/lib/pacer.awk against a simulated machine, no server and no clock:
#   awk -f workloads/lib/pacer.awk -f tests/workloads/pacer_test.awk
# The machine: BASE % busy without the client, CONNS connections each waiting LATENCY s for a
# page plus the pacer's delay, COST % of the machine per page and second, saturating at 100;
# the use measured over a second is half the new delay's and half the previous one's (a
# connection in the middle of its old wait keeps it), plus uniform noise of ±NOISE points.
# Each case asserts it settles within ±5 points in SETTLE samples, stays there, overshoots to
# the other side of the goal by more than RING points at most once (no ringing: RING is the
# noise's size, or the dead band without noise) and reports a goal out of reach.

function rnd() {
    seed = (seed * 16807) % 2147483647
    return seed / 2147483647
}

function use_at(delay, cost,    rate, u) {
    rate = CONNS / (LATENCY + delay / 1000)
    u = BASE + cost * rate
    return u > 100 ? 100 : u
}

function measure(cost,    u) {
    u = 0.5 * use_at(pacer_delay, cost) + 0.5 * use_at(previous, cost)
    u += NOISE * (2 * rnd() - 1)
    previous = pacer_delay
    if (u < 0) u = 0
    if (u > 100) u = 100
    return u
}

function fail(what) {
    printf "FAIL %s: %s\n", name, what
    failures++
}

# Runs STEPS samples at COST from wherever the controller is: within ±5 from sample SETTLE on to
# the last, and no ringing.
function run(steps, cost,    i, u, side, crossings, first_near) {
    first_near = 0
    crossings = 0
    side = 0
    for (i = 1; i <= steps; i++) {
        u = measure(cost)
        pacer_step(u)
        last_use = u
        if (u > PACER_GOAL + RING && side < 0 || u < PACER_GOAL - RING && side > 0)
            crossings++
        if (u > PACER_GOAL + RING) side = 1
        if (u < PACER_GOAL - RING) side = -1
        if (u >= PACER_GOAL - 5 && u <= PACER_GOAL + 5) {
            if (!first_near) first_near = i
        } else {
            first_near = 0
        }
    }
    settled_at = first_near
    if (!first_near || first_near > SETTLE)
        fail(sprintf("not within ±5 of %g %% from sample %d on (from %d, last %.1f %%)", PACER_GOAL, SETTLE, first_near, u))
    if (crossings > 1)
        fail(sprintf("crossed the goal %d times: it rings", crossings))
    if (pacer_status != "steady")
        fail("status " pacer_status ", not steady")
}

function start(case_name, goal, base, cost) {
    name = case_name
    BASE = base
    pacer_init(goal)
    previous = 0
    seed = 12345
}

BEGIN {
    CONNS = 8
    LATENCY = 0.15
    NOISE = 2
    RING = 5
    SETTLE = 12

    # The review's case: unpaced the client saturates the machine.
    start("goal 45, saturating client", 45, 5, 2)
    run(40, 2)
    printf "ok %s: within ±5 at sample %d, delay %.0f ms, %.1f %%\n", name, settled_at, pacer_delay, last_use
    # Pages get 60 % dearer (the parser cache cold, a heavier page list): it follows.
    name = "cost step up"
    run(40, 3.2)
    printf "ok %s: within ±5 at sample %d, delay %.0f ms, %.1f %%\n", name, settled_at, pacer_delay, last_use
    name = "cost step down"
    run(40, 1)
    printf "ok %s: within ±5 at sample %d, delay %.0f ms, %.1f %%\n", name, settled_at, pacer_delay, last_use

    start("goal 20, a busy machine", 20, 12, 0.5)
    run(40, 0.5)
    printf "ok %s: within ±5 at sample %d, delay %.0f ms, %.1f %%\n", name, settled_at, pacer_delay, last_use

    start("goal 80, cheap pages", 80, 2, 1.6)
    run(40, 1.6)
    printf "ok %s: within ±5 at sample %d, delay %.0f ms, %.1f %%\n", name, settled_at, pacer_delay, last_use

    # Without noise the approach is plain to see: not one crossing of the dead band.
    NOISE = 0
    RING = PACER_BAND
    start("goal 45, no noise", 45, 5, 2)
    run(40, 2)
    printf "ok %s: within ±5 at sample %d, delay %.0f ms, %.1f %%\n", name, settled_at, pacer_delay, last_use
    name = "no noise, cost step up"
    run(40, 3.2)
    printf "ok %s: within ±5 at sample %d, delay %.0f ms, %.1f %%\n", name, settled_at, pacer_delay, last_use
    NOISE = 2
    RING = 5

    # Other programs alone keep the machine over the goal: the client at its slowest, reported.
    start("goal 20, 35 % busy without the client", 20, 35, 2)
    for (i = 1; i <= 30; i++) pacer_step(measure(2))
    if (pacer_delay != PACER_MAX) fail(sprintf("delay %.0f ms, not the %d ms at most", pacer_delay, PACER_MAX))
    if (pacer_status != "above") fail("status " pacer_status ", not above")
    else printf "ok %s: %s at %.0f ms\n", name, pacer_status, pacer_delay

    # The client at full speed reaches only about 40 %: no delay, reported.
    start("goal 70, a client that cannot reach it", 70, 5, 0.7)
    for (i = 1; i <= 30; i++) pacer_step(measure(0.7))
    if (pacer_delay != 0) fail(sprintf("delay %.0f ms, not 0", pacer_delay))
    if (pacer_status != "below") fail("status " pacer_status ", not below")
    else printf "ok %s: %s at %.0f ms\n", name, pacer_status, pacer_delay

    # Out of reach and back: the machine's other load ends, the pacer comes back from its limit.
    start("goal 30, other load ends", 30, 40, 2)
    for (i = 1; i <= 25; i++) pacer_step(measure(2))
    if (pacer_status != "above") fail("status " pacer_status ", not above before the load ends")
    BASE = 5
    run(40, 2)
    printf "ok %s: within ±5 at sample %d, delay %.0f ms, %.1f %%\n", name, settled_at, pacer_delay, last_use

    # Steady outlasts a noisy second, not a real change.
    start("steady through one noisy second", 45, 5, 2)
    run(30, 2)
    pacer_step(PACER_GOAL + 9)
    if (pacer_status != "steady") fail("status " pacer_status " after one second 9 points over")
    for (i = 1; i <= PACER_STEADY; i++) pacer_step(PACER_GOAL + 20)
    if (pacer_status != "settling") fail("status " pacer_status " after 3 s 20 points over")
    else printf "ok %s\n", name

    exit failures > 0
}
