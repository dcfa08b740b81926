# The pacer's loop around pacer.awk: one CPU use per input line, one "DELAY_MS STATUS" line out
# per input line, flushed at once. awk -v goal=45 -f pacer.awk -f pace.awk
BEGIN { pacer_init(goal) }
{
    printf "%.0f %s\n", pacer_step($1 + 0), pacer_status
    fflush()
}
