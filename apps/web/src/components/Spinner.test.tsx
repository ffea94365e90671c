import Box from '@mui/material/Box';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visuallyHidden } from './Spinner';

describe('visuallyHidden', () => {
  it('in sx, leaves a 1 px box, not the width of its container (a phone page grew sideways)', () => {
    render(
      <Box component="span" sx={visuallyHidden}>
        (não lida)
      </Box>,
    );
    const estilo = getComputedStyle(screen.getByText('(não lida)'));
    expect([estilo.position, estilo.width, estilo.height, estilo.margin]).toEqual(['absolute', '1px', '1px', '-1px']);
  });
});
