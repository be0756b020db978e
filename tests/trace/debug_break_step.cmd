# job: nvvp4_call.json
# Lanes 0 and 2 (x = 1 and 2) call `double`; lanes 1 and 3 (x = -1, 0) do not.
break 6
continue
step
print r 2
step
print r 2
print r all
continue
