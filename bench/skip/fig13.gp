# fig13.gp - RTL cycles vs run/block length, two-finger merge vs skipping.
#   gnuplot -e "dat='fig13.dat'; out='skip_fig13.png'" fig13.gp
set terminal pngcairo size 900,420 font ",10"
set output out
set multiplot layout 1,2
set logscale x 2
set xlabel "run / block length L"
set ylabel "cycles (RTL)"
set key top right
set grid
set yrange [0:*]
set title "runs (2000-long vectors, 400 nonzeros each)"
plot dat using (strcol(1) eq "runs" ? $2 : 1/0):3 with linespoints title "T=0 (two-finger merge)", \
     ''  using (strcol(1) eq "runs" ? $2 : 1/0):4 with linespoints title "T=32", \
     ''  using (strcol(1) eq "runs" ? $2 : 1/0):6 with linespoints title "T=64", \
     ''  using (strcol(1) eq "runs" ? $2 : 1/0):5 with points pt 6 ps 1.5 title "model T=32"
set title "blocks"
plot dat using (strcol(1) eq "blocks" ? $2 : 1/0):3 with linespoints title "T=0 (two-finger merge)", \
     ''  using (strcol(1) eq "blocks" ? $2 : 1/0):4 with linespoints title "T=32", \
     ''  using (strcol(1) eq "blocks" ? $2 : 1/0):6 with linespoints title "T=64", \
     ''  using (strcol(1) eq "blocks" ? $2 : 1/0):5 with points pt 6 ps 1.5 title "model T=32"
unset multiplot
