# The CPU pacer's controller (sourced with awk -f, no main of its own): from the machine's CPU
# use over the last second to how long each client connection waits before its next request.
# It is here, apart from the loop that measures and sleeps, so that tests/workloads/pacer_test.awk
# can drive it with a simulated machine, no server and no clock.
#
# The use of a request-bound client falls as 1/(latency + delay): the controller scales that
# period by (use/goal)^GAIN, a step in log space. The gain stays under 0.5 because a new delay
# only takes effect after each connection's current wait, so every measurement is partly a step
# old; a larger gain overshoots and rings. A period is floored at FLOOR ms, a guess at a page's
# latency, so that the first step away from no delay lands in the hundreds of ms, not at 1 ms.
# Within BAND points of the goal nothing changes: the noise of a one-second sample alone must
# not move the client.

function pacer_init(goal) {
    PACER_GOAL = goal
    PACER_GAIN = 0.4
    PACER_BAND = 1
    PACER_FLOOR = 100
    PACER_MAX = 5000
    PACER_STEADY = 3
    PACER_STUCK = 5
    PACER_MEAN = 5
    pacer_samples = 0
    pacer_delay = 0
    pacer_status = "settling"
    pacer_near = 0
    pacer_far = 0
    pacer_stuck = 0
}

# One measured use (0-100 %) in, the next delay in ms out; pacer_status then says where it is:
# settling; steady after PACER_STEADY samples in a row with the mean of the last PACER_MEAN
# within 5 points of the goal (a second's use on a busy 2-core machine swings by more), until
# as many in a row outside; or out of reach after PACER_STUCK samples pinned at a limit:
# "above" (the machine stays over the goal with the client at its slowest: other programs load
# it) or "below" (under it at full speed).
function pacer_step(use,    period, factor) {
    if (use > PACER_GOAL + PACER_BAND || use < PACER_GOAL - PACER_BAND) {
        factor = (use > 0 ? use : 0.1) / PACER_GOAL
        factor = exp(PACER_GAIN * log(factor))
        if (factor > 2) factor = 2
        if (factor < 0.5) factor = 0.5
        period = (pacer_delay + PACER_FLOOR) * factor
        pacer_delay = period - PACER_FLOOR
        if (pacer_delay < 1) pacer_delay = 0
        if (pacer_delay > PACER_MAX) pacer_delay = PACER_MAX
    }
    if ((pacer_delay >= PACER_MAX && use > PACER_GOAL + 5) || (pacer_delay == 0 && use < PACER_GOAL - 5))
        pacer_stuck++
    else
        pacer_stuck = 0
    pacer_recent[pacer_samples++ % PACER_MEAN] = use
    if (pacer_mean() >= PACER_GOAL - 5 && pacer_mean() <= PACER_GOAL + 5) {
        pacer_near++
        pacer_far = 0
    } else {
        pacer_near = 0
        pacer_far++
    }
    if (pacer_stuck >= PACER_STUCK)
        pacer_status = use > PACER_GOAL ? "above" : "below"
    else if (pacer_near >= PACER_STEADY)
        pacer_status = "steady"
    else if (pacer_status != "steady" || pacer_far >= PACER_STEADY)
        pacer_status = "settling"
    return pacer_delay
}

function pacer_mean(    i, n, sum) {
    n = pacer_samples < PACER_MEAN ? pacer_samples : PACER_MEAN
    for (i = 0; i < n; i++) sum += pacer_recent[i]
    return sum / n
}
