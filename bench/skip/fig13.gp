# fig13.gp - cycles vs run/block length: RTL two-finger merge (T=0) vs
# skipping (T=32, 64, 128), the exact cycle model (golden/skip_model.c) and the
# golden cycle engine (samgen golden --skip 32, FIFO depth 2).
#   gnuplot -e "dat='fig13.dat'; out='skip_fig13.png'" fig13.gp
# Columns of fig13.dat: see its header line (bench/skip/run.sh).
set terminal pngcairo size 1000,520 font ",10"
set output out
set multiplot layout 1,2
set logscale x 2
set xlabel "run / block length L"
set ylabel "cycles"
set key below Left reverse maxrows 3 width -4 height 3
set grid
set yrange [0:*]
sel(p) = strcol(1) eq p ? $2 : 1/0
set title "runs (2000-long vectors, 20% nonzeros)"
plot dat using (sel("runs")):3 with linespoints lw 2 title "RTL T=0 (two-finger merge)", \
     ''  using (sel("runs")):4 with linespoints lw 2 title "RTL T=32", \
     ''  using (sel("runs")):5 with linespoints lw 2 title "RTL T=64", \
     ''  using (sel("runs")):14 with linespoints lw 2 title "RTL T=128", \
     ''  using (sel("runs")):7 with points pt 6 ps 1.6 title "skip model T=32", \
     ''  using (sel("runs")):10 with linespoints dt 2 pt 4 lc rgb "#303030" title "golden engine T=32 (whole graph: RTL + 2)"
set title "blocks"
plot dat using (sel("blocks")):3 with linespoints lw 2 title "RTL T=0 (two-finger merge)", \
     ''  using (sel("blocks")):4 with linespoints lw 2 title "RTL T=32", \
     ''  using (sel("blocks")):5 with linespoints lw 2 title "RTL T=64", \
     ''  using (sel("blocks")):14 with linespoints lw 2 title "RTL T=128", \
     ''  using (sel("blocks")):7 with points pt 6 ps 1.6 title "skip model T=32", \
     ''  using (sel("blocks")):10 with linespoints dt 2 pt 4 lc rgb "#303030" title "golden engine T=32 (whole graph: RTL + 2)"
unset multiplot
