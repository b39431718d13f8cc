# area-sam_fifo-sweep-Depth.gp - written by samgen area; run with: gnuplot area-sam_fifo-sweep-Depth.gp
set terminal png size 900,520
if (!exists('outfile')) outfile = 'area-sam_fifo-sweep-Depth.png'
set output outfile
set title "sam_fifo: area against Depth (ice40)" noenhanced
set grid ytics
set xlabel "Depth" noenhanced
set ylabel "LUTs, FFs"
set yrange [0:*]
set key below
set y2label "fmax (MHz)"
set y2range [0:*]
set y2tics
plot 'area-sam_fifo-sweep-Depth.dat' using 0:2:xtic(1) with linespoints lw 2 title 'LUTs', \
     '' using 0:3 with linespoints lw 2 title 'FFs', \
     '' using 0:5 axes x1y2 with linespoints dt 2 lw 2 title 'fmax (MHz)'
