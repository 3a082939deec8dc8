-- A code is handed out once, firm-wide: a load looks each code up in every pool (decision 0091).
CREATE INDEX "voucher_codes_code_idx" ON "voucher_codes" USING btree ("code");