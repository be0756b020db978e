# job: memory.json
# 100 + 1 + 2 + 3 + 4 = 110 = 0x6e at 0x100; lane 1 alone stores 7 at 0x104.
watch 0x104
watch 256
continue
print TEMP[0].x all /u
continue
stepi
mask
continue
