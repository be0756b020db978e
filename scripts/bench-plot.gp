# Bar chart of nvgp's speed relative to Mesa's softpipe and llvmpipe, from
# the ratios `nvgp bench --ratios FILE` writes (a header row, then program,
# ratio to softpipe 1 thread, to llvmpipe 1 thread, to llvmpipe all threads).
#   gnuplot -e "data='build/bench-ratios.tsv'; out='ratios.png'" scripts/bench-plot.gp
if (!exists("data")) data = 'build/bench-ratios.tsv'
if (!exists("out")) out = 'build/bench-ratios.png'
set terminal pngcairo size 800,480 noenhanced font ",11"
set output out
set title "nvgp relative to Mesa (1.0 = as fast; one run): invocations alone, and draw_* whole draws"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y 10
set yrange [0.01:100]
set ylabel "nvgp rate / Mesa rate"
set grid ytics
set key top right
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 2
# (columns 5-7, when present: the same ratios for whole draws of the quad
# through nvgp's pipeline, which is how Mesa's figures are measured)
ncols = int(system(sprintf("head -1 '%s' | awk -F'\t' '{print NF}'", data)))
if (ncols >= 7) {
    plot data using 2:xtic(1) title columnheader(2), \
         '' using 3 title columnheader(3), \
         '' using 4 title columnheader(4), \
         '' using 5 title columnheader(5), \
         '' using 6 title columnheader(6), \
         '' using 7 title columnheader(7)
} else {
    plot data using 2:xtic(1) title columnheader(2), \
         '' using 3 title columnheader(3), \
         '' using 4 title columnheader(4)
}
