# job: nvvp4_call.json
# The conditional CAL splits the warp: x > 0 in lanes 0 and 2 only.
diverge
mask
print r.w all
print vertex.attrib[0].x 1
continue
