!!NVcp5.0
# error: option 'NV_pixel_interlock_ordered' is not supported by this program type
OPTION NV_pixel_interlock_ordered;
GROUP_SIZE 1;
END
