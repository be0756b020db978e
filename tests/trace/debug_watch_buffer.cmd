# job: buffer.json
watch BUFFER[0] 8
watch BUFFER[1] 4
watch BUFFER[0] 4
continue
print TEMP[0].x all /u
continue
