import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useDropzone, type FileRejection } from 'react-dropzone';

/** What the drop zones accept (docs/requirements/matrix-network.md#validation): .jpg, .jpeg, .png, one file (the server checks the content again). */
const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] };

interface PictureDropZoneProps {
  /** The prompt while empty: 'Add Picture Here' (lobby) or 'Add Image Here' (composer). */
  label: string;
  file: File | null;
  onChange(file: File | null): void;
  /** A form-level error for this field (e.g. 'required' once touched). */
  error?: string;
  onRejected?(rejections: FileRejection[]): void;
  rejections?: FileRejection[];
  /** Shows a delete button next to the chosen file (the composer's). */
  removable?: boolean;
}

/** A single-picture drop zone; rejected files are listed with the reason react-dropzone gives. */
export function PictureDropZone({ label, file, onChange, error, onRejected, rejections = [], removable }: PictureDropZoneProps) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT,
    multiple: false,
    maxFiles: 1,
    onDrop: (accepted, rejected) => {
      onRejected?.(rejected);
      if (accepted[0]) onChange(accepted[0]);
    },
  });

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box
          {...getRootProps()}
          sx={{
            flex: 1,
            p: '1rem',
            border: '2px dashed',
            borderColor: error ? 'error.main' : 'primary.main',
            borderRadius: 1,
            cursor: 'pointer',
            bgcolor: isDragActive ? 'action.hover' : 'transparent',
          }}
        >
          <input {...getInputProps()} aria-label={label} />
          {file ? (
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography>{file.name}</Typography>
              <EditOutlinedIcon aria-hidden />
            </Box>
          ) : (
            <Typography>{label}</Typography>
          )}
        </Box>
        {removable && file ? (
          <IconButton aria-label="Remove the image" onClick={() => onChange(null)}>
            <DeleteOutlineIcon />
          </IconButton>
        ) : null}
      </Box>
      {/* Helper texts, placed like a text field's so the form's messages line up. */}
      {error ? (
        <FormHelperText error variant="outlined" role="alert">
          {error}
        </FormHelperText>
      ) : null}
      {rejections.map(({ file: rejected, errors }) => (
        <FormHelperText key={rejected.name} error variant="outlined" role="alert">
          {rejected.name}: {errors.map((reason) => reason.message).join('; ')}
        </FormHelperText>
      ))}
    </Box>
  );
}
