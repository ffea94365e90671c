import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

export interface RowAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** A second line under the label, e.g. why the entry is disabled; it stays readable when it is. */
  description?: string;
}

interface RowActionsMenuProps {
  rowId: string | number;
  actions: readonly RowAction[];
}

/** A row's menu: a button named 'Ações do registro {id}' opening its actions (arrow keys, Enter, Escape). */
export function RowActionsMenu({ rowId, actions }: RowActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;
  return (
    <>
      <IconButton
        id={buttonId}
        size="small"
        aria-label={`Ações do registro ${rowId}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={actions.length === 0}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-labelledby': buttonId } }}>
        {actions.map((a) => (
          <MenuItem
            key={a.label}
            disabled={a.disabled}
            onClick={() => {
              setAnchor(null);
              a.onClick();
            }}
            sx={a.description ? { whiteSpace: 'normal', maxWidth: 320, '&.Mui-disabled': { opacity: 0.8 } } : undefined}
          >
            {a.description ? <ListItemText primary={a.label} secondary={a.description} sx={{ my: 0 }} /> : a.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
