# job: tgsi_double.json
# 2.0 = 0x4000000000000000 = 2^62; 4.0 = 0x4010000000000000 = 2^62 + 2^52.
stepi
print TEMP[0] 1 /f64
print TEMP[0] 1 /u64
print TEMP[0].zw 1 /x64
print TEMP[0].y all /x
print TEMP[0].y 0 /u
print TEMP[0].x 0 /q
print TEMP[0].x 0 /f64
print TEMP[9]
print nothing
continue
