# area-vec_elemmul-families.gp - written by samgen area; run with: gnuplot area-vec_elemmul-families.gp
set terminal png size 900,520
set output 'area-vec_elemmul-families.png.tmp'
set title "vec_elemmul: area by primitive family (iCE40 LUT4s, total 3604)" noenhanced
set grid ytics
set style data histograms
set style fill solid 0.7 border -1
set boxwidth 0.7
set ylabel "iCE40 LUT4s"
set yrange [0:*]
set xtics rotate by -30 noenhanced
plot 'area-vec_elemmul-families.dat' using 2:xtic(1) notitle lc rgb '#3070b0', \
     '' using 0:2:(sprintf('%.1f%%', $3)) with labels offset 0,0.8 notitle
