;; Log densities of every Gaussian of n codebooks of one feature stream, four at a time with
;; 128-bit SIMD (issue 11, item 6). Compiled to gaussians.wasm.ts by scripts/build-gaussians-wasm.mjs.
;;
;; score(x, p, n, len, dens, out):
;;   x     byte offset of the stream's len feature values (f32)
;;   p     byte offset of n codebook blocks, each: means[len][dens], precisions[len][dens],
;;         norms[dens] (f32, dimension-major; precision = 1 / (2·variance))
;;   out   byte offset of n × dens results: norm − Σ_i (x_i − mean_i)² · precision_i
;;   dens  a multiple of 4
(module
  (memory (export "memory") 1)
  (func (export "score")
    (param $x i32) (param $p i32) (param $n i32) (param $len i32) (param $dens i32) (param $out i32)
    (local $cb i32) (local $i i32) (local $m i32) (local $q i32) (local $o i32) (local $oend i32)
    (local $row i32) (local $xi v128) (local $d v128)
    (local.set $row (i32.shl (local.get $dens) (i32.const 2)))
    (block $cbs_done
      (loop $cbs
        (br_if $cbs_done (i32.ge_u (local.get $cb) (local.get $n)))
        ;; out ← norms
        (memory.copy
          (local.get $out)
          (i32.add (local.get $p) (i32.mul (i32.shl (local.get $len) (i32.const 1)) (local.get $row)))
          (local.get $row))
        (local.set $oend (i32.add (local.get $out) (local.get $row)))
        (local.set $m (local.get $p))
        (local.set $q (i32.add (local.get $p) (i32.mul (local.get $len) (local.get $row))))
        (local.set $i (i32.const 0))
        (block $dims_done
          (loop $dims
            (br_if $dims_done (i32.ge_u (local.get $i) (local.get $len)))
            (local.set $xi (v128.load32_splat (i32.add (local.get $x) (i32.shl (local.get $i) (i32.const 2)))))
            (local.set $o (local.get $out))
            (loop $gaussians
              (local.set $d (f32x4.sub (local.get $xi) (v128.load (local.get $m))))
              (v128.store
                (local.get $o)
                (f32x4.sub
                  (v128.load (local.get $o))
                  (f32x4.mul (f32x4.mul (local.get $d) (local.get $d)) (v128.load (local.get $q)))))
              (local.set $m (i32.add (local.get $m) (i32.const 16)))
              (local.set $q (i32.add (local.get $q) (i32.const 16)))
              (local.set $o (i32.add (local.get $o) (i32.const 16)))
              (br_if $gaussians (i32.lt_u (local.get $o) (local.get $oend))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $dims)))
        ;; the next block: past means, precisions and norms
        (local.set $p
          (i32.add
            (local.get $p)
            (i32.mul (i32.add (i32.shl (local.get $len) (i32.const 1)) (i32.const 1)) (local.get $row))))
        (local.set $out (local.get $oend))
        (local.set $cb (i32.add (local.get $cb) (i32.const 1)))
        (br $cbs)))))
